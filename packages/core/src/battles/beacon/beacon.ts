/**
 * A public randomness beacon as battle/v1 uses it (see the README's "Battles"): rounds every
 * `period` seconds from `genesisTime`, each with a BLS signature anyone verifies against the
 * chain's public key, and `randomness = sha256(signature)`.
 * drand's quicknet (`BATTLE_BEACON=drand`) and the local beacon (`BATTLE_BEACON=local`, a key in
 * the data folder) both implement it; whoever calls `fetchRound` gets only verified rounds.
 */

/** What a battle's spec names as its beacon, plus what verifies it. */
export interface BeaconChain {
  /** drand's chain hash (64 lower-case hex). */
  chainHash: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix seconds of round 1. */
  genesisTime: number;
  /** The chain's BLS public key (G2, compressed, hex). */
  publicKey: string;
  /** drand's scheme id; quicknet's is "bls-unchained-g1-rfc9380". */
  schemeID: "bls-unchained-g1-rfc9380";
}

/** One round as published: `randomness = sha256(signature)`, hex. */
export interface BeaconRound {
  round: number;
  randomness: string;
  signature: string;
}

export interface Beacon {
  /** "local" is said on every battle it settles. */
  readonly kind: "drand" | "local";
  readonly chain: BeaconChain;
  /** The round current at `timeMs` (Unix milliseconds): floor((t − genesis) / period) + 1. */
  roundAt(timeMs: number): number;
  /**
   * The round, verified against `chain.publicKey`; null while it does not exist yet.
   * Throws BeaconUnavailableError when no relay answers; a relay's forged or malformed round is
   * never returned (it counts as that relay failing).
   */
  fetchRound(round: number, signal?: AbortSignal): Promise<BeaconRound | null>;
}

export class BeaconUnavailableError extends Error {
  override readonly name = "BeaconUnavailableError";
}
