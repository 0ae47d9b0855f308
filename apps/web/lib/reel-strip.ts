// The reel is decoration around a draw the server has already made: the strip is filler drawn
// by the pack's published chances (so rare cards pass by as often as the odds say, no more),
// with the won item placed at a fixed index where the reel will stop. The one liberty: half the
// time the card just after the winner is a rarer item of the same pack (a near miss), drawn by
// those items' own chances. Every card is a real item of the pack; none changes the outcome.

import { RARITIES, type Rarity } from "@prizepacks/core/contract";

export interface ReelItem {
  id: string;
  name: string;
  rarity: string;
  value: string;
  image: string;
  /** Percent, as published; only used to weight the filler. */
  chance: number;
}

export const REEL_LENGTH = 56;
/** Far enough in that the reel travels ~48 cards, with a few cards still visible after it. */
export const REEL_WIN_INDEX = 48;
const NEAR_MISS_SHARE = 0.5;

function pickWeighted(items: ReelItem[], random: () => number): ReelItem {
  const total = items.reduce((sum, item) => sum + item.chance, 0);
  let ticket = random() * total;
  for (const item of items) {
    ticket -= item.chance;
    if (ticket < 0) return item;
  }
  return items[items.length - 1]!;
}

const rank = (rarity: string) => RARITIES.indexOf(rarity as Rarity);

export function buildReelStrip(items: ReelItem[], won: ReelItem, random: () => number = Math.random): ReelItem[] {
  const pool = items.length > 0 ? items : [won];
  const strip = Array.from({ length: REEL_LENGTH }, (_, index) => (index === REEL_WIN_INDEX ? won : pickWeighted(pool, random)));
  const rarer = pool.filter((item) => rank(item.rarity) > rank(won.rarity) && item.chance > 0);
  if (rarer.length > 0 && random() < NEAR_MISS_SHARE) strip[REEL_WIN_INDEX + 1] = pickWeighted(rarer, random);
  return strip;
}
