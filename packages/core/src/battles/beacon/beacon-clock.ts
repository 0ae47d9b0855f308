import type { BeaconChain } from "./beacon.ts";

/** The round current at `timeMs` (Unix milliseconds): floor((t − genesis) / period) + 1, and 0 before genesis. */
export function roundAt(chain: Pick<BeaconChain, "period" | "genesisTime">, timeMs: number): number {
  const elapsedMs = timeMs - chain.genesisTime * 1000;
  return elapsedMs < 0 ? 0 : Math.floor(elapsedMs / (chain.period * 1000)) + 1;
}

/** When `round` is due (Unix milliseconds): genesis + (round − 1) × period. */
export function roundTimeMs(chain: Pick<BeaconChain, "period" | "genesisTime">, round: number): number {
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

export function assertRoundNumber(round: number): void {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`a beacon round is a positive integer, not ${round}`);
}
