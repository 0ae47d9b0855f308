import { useId, type ReactNode } from "react";
import { BATTLE_CLIENT_SEED_PATTERN } from "@prizepacks/fairness";

/** A seed the server would refuse; an empty one is fine (a random one is chosen). */
export function isBadClientSeed(seed: string): boolean {
  return seed !== "" && !BATTLE_CLIENT_SEED_PATTERN.test(seed);
}

/** The optional client seed of a battle seat, with its rule as the hint (shown as the error while broken). */
export function ClientSeedField({
  value,
  onChange,
  className,
  children,
}: {
  value: string;
  onChange: (seed: string) => void;
  className?: string;
  /** Said after the rule, in the hint. */
  children?: ReactNode;
}) {
  const id = useId();
  const bad = isBadClientSeed(value);
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={`${id}-seed`}>Your client seed (optional)</label>
      <input
        id={`${id}-seed`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={bad}
        aria-describedby={`${id}-seed-hint`}
      />
      <span id={`${id}-seed-hint`} className={bad ? "alert error small-text" : "hint"}>
        Letters, digits, &quot;-&quot; and &quot;_&quot;, up to 64. Left empty, a random one is chosen for you.
        {children && <> {children}</>}
      </span>
    </div>
  );
}
