import type { ReactNode } from "react";

export interface ListedValue {
  term: string;
  value: ReactNode;
  testId: string;
  /** The value's class: by default a long code that may break anywhere. */
  className?: string;
}

/** Named values (seeds, hashes, counts) as a description list, one term and value each. */
export function ValueList({ values, className, busy }: { values: readonly ListedValue[]; className: string; busy?: boolean }) {
  return (
    <dl className={className} aria-busy={busy}>
      {values.map(({ term, value, testId, className: valueClass = "mono break" }) => [
        <dt key={`${testId}-term`}>{term}</dt>,
        <dd key={testId} className={valueClass} data-testid={testId}>
          {value}
        </dd>,
      ])}
    </dl>
  );
}
