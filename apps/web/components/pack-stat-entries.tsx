import type { PackSummary } from "@prizepacks/core";

/** The top item's value and the open count, as entries of a pack's stats list (<dl>). */
export function PackStatEntries({ pack }: { pack: Pick<PackSummary, "maxItemValue" | "spinCount"> }) {
  return (
    <>
      <div>
        <dt>Top item</dt>
        <dd className="money">{pack.maxItemValue.toFixed(2)}</dd>
      </div>
      <div>
        <dt>Opened</dt>
        <dd className="num">
          {pack.spinCount.toLocaleString("en-US")} {pack.spinCount === 1 ? "time" : "times"}
        </dd>
      </div>
    </>
  );
}
