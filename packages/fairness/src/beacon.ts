/**
 * drand's "quicknet" scheme (`bls-unchained-g1-rfc9380`), as battle/v1's beacon uses it.
 * Isomorphic: @noble/curves and Web Crypto only, so the browser verifier runs this very code.
 *
 *   message    = SHA-256(round as 8 bytes, big-endian)
 *   signature  = BLS on BLS12-381 with signatures in G1 (48 bytes compressed) and the public
 *                key in G2 (96 bytes compressed), the message hashed to G1 by RFC 9380 with DST
 *                BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_
 *   randomness = SHA-256(signature bytes), lower-case hex
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, hexToBytes } from "@noble/curves/utils.js";
import canonicalize from "canonicalize";
import { sha256Hex } from "./draw.ts";

export const BEACON_SCHEME_ID = "bls-unchained-g1-rfc9380";
export const BEACON_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

const bls = bls12_381.shortSignatures;

/** What verifies a chain's rounds. */
export interface BeaconChainKey {
  /** G2, compressed, hex (192 digits). */
  publicKey: string;
  schemeID: typeof BEACON_SCHEME_ID;
}

/** One round as drand publishes it. */
export interface SignedBeaconRound {
  round: number;
  /** G1, compressed, hex (96 digits). */
  signature: string;
  /** SHA-256 of the signature bytes, hex (64 digits). */
  randomness: string;
}

const PUBLIC_KEY_HEX = /^[0-9a-f]{192}$/;
const SIGNATURE_HEX = /^[0-9a-f]{96}$/;
const RANDOMNESS_HEX = /^[0-9a-f]{64}$/;

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

/** The 32 bytes a round's signature signs: SHA-256 of the round number, 8 bytes big-endian. */
export async function beaconRoundMessage(round: number): Promise<Uint8Array> {
  if (!Number.isSafeInteger(round) || round < 1) throw new Error("round must be a positive integer");
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/**
 * Whether `round` is the chain's round: its signature verifies against the public key and its
 * randomness is the signature's SHA-256. Malformed input of any kind is false, never a throw:
 * relays are untrusted, and a verifier must answer for whatever it is shown.
 */
export async function verifyBeaconRound(chain: BeaconChainKey, round: SignedBeaconRound): Promise<boolean> {
  if (chain.schemeID !== BEACON_SCHEME_ID) return false;
  if (typeof chain.publicKey !== "string" || !PUBLIC_KEY_HEX.test(chain.publicKey)) return false;
  if (!Number.isSafeInteger(round.round) || round.round < 1) return false;
  if (typeof round.signature !== "string" || !SIGNATURE_HEX.test(round.signature)) return false;
  if (typeof round.randomness !== "string" || !RANDOMNESS_HEX.test(round.randomness)) return false;
  const signature = hexToBytes(round.signature);
  if (bytesToHex(await sha256(signature)) !== round.randomness) return false;
  const message = bls.hash(await beaconRoundMessage(round.round), BEACON_DST);
  try {
    // Passed as bytes, so decoding checks each point is on its curve and in its subgroup.
    return bls.verify(signature, message, hexToBytes(chain.publicKey));
  } catch {
    return false;
  }
}

/** A new BLS secret key (32 bytes) for a chain of this scheme. */
export function generateBeaconSecretKey(): Uint8Array {
  return bls12_381.utils.randomSecretKey();
}

/** The public key (G2, compressed hex) of a secret key. */
export function beaconPublicKey(secretKey: Uint8Array): string {
  return bls.getPublicKey(secretKey).toHex(true);
}

/** Signs `round` as a drand node of this scheme would: deterministic for a key and a round. */
export async function signBeaconRound(secretKey: Uint8Array, round: number): Promise<SignedBeaconRound> {
  const point = bls.sign(bls.hash(await beaconRoundMessage(round), BEACON_DST), secretKey);
  const signature = bls.Signature.toBytes(point);
  return { round, signature: bytesToHex(signature), randomness: bytesToHex(await sha256(signature)) };
}

/** What names a local beacon's chain: its key, its clock and its scheme. */
export interface LocalBeaconChainDescription {
  publicKey: string;
  period: number;
  genesisTime: number;
  schemeID: typeof BEACON_SCHEME_ID;
}

/**
 * A local beacon's chain hash: SHA-256 hex of the canonical JSON (RFC 8785) of
 * `{ beacon: "prizepacks-local", genesisTime, period, publicKey, schemeID }`. Anyone holding a
 * battle's proof recomputes it, so the chain hash in a spec names exactly one key and clock.
 */
export function localBeaconChainHash(chain: LocalBeaconChainDescription): Promise<string> {
  const { publicKey, period, genesisTime, schemeID } = chain;
  return sha256Hex(canonicalize({ beacon: "prizepacks-local", genesisTime, period, publicKey, schemeID })!);
}
