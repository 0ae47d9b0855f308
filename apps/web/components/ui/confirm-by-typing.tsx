import type { ReactNode } from "react";
import { Field } from "./field";

/** Whether what was typed is the expected e-mail (case and surrounding spaces aside). */
export const typedMatches = (typed: string, expected: string) => typed.trim().toLowerCase() === expected.toLowerCase();

/**
 * A grave action's safeguard: the operator types the account's e-mail, and only then is the
 * action's button enabled; Cancel beside it.
 */
export function ConfirmByTyping({
  id,
  expected,
  typed,
  onTyped,
  busy,
  onCancel,
  children,
}: {
  id: string;
  expected: string;
  typed: string;
  onTyped: (typed: string) => void;
  busy: boolean;
  onCancel: () => void;
  /** The action button's text. */
  children: ReactNode;
}) {
  return (
    <>
      <Field
        id={id}
        label={
          <>
            Type <strong className="admin-confirm-email">{expected}</strong> to confirm
          </>
        }
        labelClassName="label"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => onTyped(e.target.value)}
      />
      <div className="row">
        <button type="submit" className="button danger small" disabled={busy || !typedMatches(typed, expected)}>
          {children}
        </button>
        <button type="button" className="button ghost small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
