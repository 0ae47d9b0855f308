"use client";
import type { BestPull } from "@prizepacks/core";
import { useDropFeed } from "../../lib/drop-feed";
import { moneyToCents } from "@prizepacks/core/contract";
import { Money } from "../ui/money";

/**
 * "Opened N times", kept live: the count the page was rendered with plus every drop of this
 * pack the feed brings after that moment (upgrades won into the pack's items are not openings of it) (nothing is counted per request on the server).
 */
export function LiveOpenCount({ packId, initialCount, renderedAt }: { packId: string; initialCount: number; renderedAt: string }) {
  const { drops } = useDropFeed();
  const count = initialCount + drops.filter((drop) => drop.kind === "open" && drop.pack.id === packId && drop.at > renderedAt).length;
  return (
    <span className="num" data-testid="open-count">
      {count.toLocaleString("en-US")} {count === 1 ? "time" : "times"}
    </span>
  );
}

/** The pack's most valuable drop of the last 24 hours, raised live by the feed. */
export function LiveBestPull({ packId, initial }: { packId: string; initial: BestPull | null }) {
  const { drops } = useDropFeed();
  let best = initial?.item ?? null;
  for (const drop of drops) {
    if (drop.kind === "open" && drop.pack.id === packId && (!best || moneyToCents(drop.item.value) > moneyToCents(best.value)))
      best = drop.item;
  }
  if (!best) return <span className="muted">No opening yet today</span>;
  return (
    <span className="best-pull" data-testid="best-pull">
      <img src={best.image} alt="" width={24} height={24} />
      <span className="best-pull-name" title={best.name}>
        {best.name}
      </span>{" "}
      <Money amount={best.value} />
    </span>
  );
}
