import type { PackSummary } from "@prizepacks/core";
import { LiveOpenCount } from "./live-pack-stats";
import { Money } from "../ui/money";

/** The value of the pack's most valuable item, as an entry of a pack's stats list (<dl>). */
export function TopItemEntry({ pack }: { pack: Pick<PackSummary, "maxItemValue"> }) {
  return (
    <div>
      <dt>Top item</dt>
      <dd>
        <Money amount={pack.maxItemValue} />
      </dd>
    </div>
  );
}

/** The top item's value and the open count (live), as entries of a pack's stats list (<dl>). */
export function PackStatEntries({
  pack,
  renderedAt,
}: {
  pack: Pick<PackSummary, "id" | "maxItemValue" | "spinCount">;
  renderedAt: string;
}) {
  return (
    <>
      <TopItemEntry pack={pack} />
      <div>
        <dt>Opened</dt>
        <dd>
          <LiveOpenCount packId={pack.id} initialCount={pack.spinCount} renderedAt={renderedAt} />
        </dd>
      </div>
    </>
  );
}
