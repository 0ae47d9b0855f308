// How the reel moves: one curve for every reel, written as a plain function of time so that the
// component only paints it. A quadratic ease-out: quick at first, then a long, even slowdown
// whose last second still crosses about two cards, so the winner cannot be read off the strip
// until it is nearly there (a cubic or the CSS ease-out covers 90 % of the way in the first
// third and shows the winner seconds early).

export const REEL_SPIN_MS = 5_000;
/**
 * A battle round's reels: with the pause after them (battle-rounds.tsx) a round takes at most 4 s,
 * the pace of the battle sites players compare us with; the 48 cards still cross about six in
 * the last second, so the winner is no easier to read off early.
 */
export const BATTLE_REEL_SPIN_MS = 2_800;
const EASE_POWER = 2;

/** Share of the distance covered after `elapsedMs` (0 to 1). */
export function reelProgress(elapsedMs: number, durationMs = REEL_SPIN_MS): number {
  const t = Math.min(1, Math.max(0, elapsedMs / durationMs));
  return 1 - (1 - t) ** EASE_POWER;
}
