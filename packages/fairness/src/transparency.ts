/**
 * The transparency log's leaves and signed tree heads, as published (README, "Transparency log").
 *
 *   leaf      = RFC 8785 canonical JSON of the outcome (no account id: the server seed hash is the pseudonym)
 *   leaf hash = SHA-256(0x00 ‖ leaf)                                     (merkle.ts, RFC 9162)
 *   head      = RFC 8785 canonical JSON of { rootHash, timestamp, treeSize }, root as lower-case hex,
 *               timestamp in milliseconds since the epoch; a head that announces a key rotation
 *               also carries nextKey (the new Ed25519 public key, lower-case hex), signed by the
 *               old key: every later head is signed by the new one
 *   signature = Ed25519(log key, head), lower-case hex
 *
 * Isomorphic: @noble/curves' Ed25519 (already a dependency for the beacon's BLS) and canonicalize,
 * so the browser checks a head's signature with this very code.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import canonicalize from "canonicalize";
import { bytesToHex, hexToBytes, leafHash } from "./merkle.ts";

export const TRANSPARENCY_LEAF_KINDS = ["open", "upgrade", "battle"] as const;
export type TransparencyLeafKind = (typeof TRANSPARENCY_LEAF_KINDS)[number];

/** An opening's leaf: what re-derives its draw from the revealed seed. */
export interface OpeningLeaf {
  kind: "open";
  id: string;
  /** ISO 8601, UTC, milliseconds. */
  createdAt: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  oddsHash: string;
  hash: string;
  ticket: number;
  itemId: string;
  /** Two decimals, as money is written everywhere else. */
  value: string;
}

/** An upgrade's leaf: the opening's fields (no odds version: its chance is the published formula's, so chanceTickets instead). */
export interface UpgradeLeaf {
  kind: "upgrade";
  id: string;
  createdAt: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  chanceTickets: number;
  hash: string;
  ticket: number;
  /** The target: what was played for (won or not). */
  itemId: string;
  won: boolean;
  /** The target's value when won, else "0.00". */
  value: string;
}

/** A settled battle's proof summary. */
export interface BattleLeaf {
  kind: "battle";
  id: string;
  specHash: string;
  commitment: string;
  clientSeeds: string[];
  beaconRound: number;
  beaconRandomness: string;
  /** Every draw's hash, round by round, seat by seat. */
  drawHashes: string[];
  winnerTeam: number;
}

export type TransparencyLeaf = OpeningLeaf | UpgradeLeaf | BattleLeaf;

/** The exact text that is hashed into the tree. */
export function canonicalLeaf(leaf: TransparencyLeaf): string {
  return canonicalize(leaf)!;
}

export function leafHashHex(leafText: string): string {
  return bytesToHex(leafHash(leafText));
}

export interface TreeHead {
  treeSize: number;
  /** Milliseconds since the epoch. */
  timestamp: number;
  rootHash: string;
  /** Only on the head announcing a key rotation: the public key that signs every later head. */
  nextKey?: string | null;
}

export interface SignedTreeHead extends TreeHead {
  /** Ed25519 over canonicalTreeHead, lower-case hex. */
  signature: string;
}

/** What the log key signs: exactly these three fields (four on a rotation's announcement), canonical. */
export function canonicalTreeHead({ rootHash, timestamp, treeSize, nextKey }: TreeHead): string {
  return canonicalize(nextKey ? { nextKey, rootHash, timestamp, treeSize } : { rootHash, timestamp, treeSize })!;
}

const encoder = new TextEncoder();

/** A new log key: 32 random bytes (Ed25519's secret key), as lower-case hex. */
export function generateLogSecretKey(): string {
  return bytesToHex(ed25519.utils.randomSecretKey());
}

export function logPublicKey(secretKeyHex: string): string {
  return bytesToHex(ed25519.getPublicKey(hexToBytes(secretKeyHex)));
}

export function signTreeHead(head: TreeHead, secretKeyHex: string): SignedTreeHead {
  const signature = bytesToHex(ed25519.sign(encoder.encode(canonicalTreeHead(head)), hexToBytes(secretKeyHex)));
  return {
    treeSize: head.treeSize,
    timestamp: head.timestamp,
    rootHash: head.rootHash,
    ...(head.nextKey && { nextKey: head.nextKey }),
    signature,
  };
}

/** False, never a throw, for a malformed key, signature or head. */
export function verifyTreeHead(head: SignedTreeHead, publicKeyHex: string): boolean {
  if (!/^[0-9a-f]{128}$/.test(head.signature) || !/^[0-9a-f]{64}$/.test(publicKeyHex) || !/^[0-9a-f]{64}$/.test(head.rootHash))
    return false;
  if (!Number.isSafeInteger(head.treeSize) || head.treeSize < 0 || !Number.isSafeInteger(head.timestamp)) return false;
  if (head.nextKey != null && !/^[0-9a-f]{64}$/.test(head.nextKey)) return false;
  try {
    return ed25519.verify(hexToBytes(head.signature), encoder.encode(canonicalTreeHead(head)), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}
