// The reel is decoration around a draw the server has already made: the strip is random
// filler (weighted like the real odds, so it looks like the pack) with the won item placed
// at a fixed index where the reel will stop.

export interface ReelItem {
  id: string;
  name: string;
  rarity: string;
  value: string;
  image: string;
  /** Percent, as published; only used to weight the filler. */
  chance: number;
}

export const REEL_LENGTH = 48;
/** Far enough in that the reel travels ~40 cards, with a few cards still visible after it. */
export const REEL_WIN_INDEX = 40;

function pickWeighted(items: ReelItem[], random: () => number): ReelItem {
  const total = items.reduce((sum, item) => sum + item.chance, 0);
  let ticket = random() * total;
  for (const item of items) {
    ticket -= item.chance;
    if (ticket < 0) return item;
  }
  return items[items.length - 1]!;
}

export function buildReelStrip(items: ReelItem[], won: ReelItem, random: () => number = Math.random): ReelItem[] {
  const pool = items.length > 0 ? items : [won];
  return Array.from({ length: REEL_LENGTH }, (_, index) => (index === REEL_WIN_INDEX ? won : pickWeighted(pool, random)));
}
