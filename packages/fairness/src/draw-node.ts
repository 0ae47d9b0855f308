import { createHash, createHmac, randomBytes } from "node:crypto";
import { ticketFromHash, type Draw, type DrawInput, type Hashes } from "./draw.ts";

// The server's draw: the same function as drawTicket in draw.ts, with node:crypto's
// synchronous HMAC instead of Web Crypto's async one (about 120 µs a draw there; a few µs
// here). The browser verifier keeps draw.ts; draw.test.ts holds both to the same vectors.

export function drawTicketSync({ serverSeed, clientSeed, nonce }: DrawInput): Draw {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error("nonce must be a non-negative integer");
  const hash = hmacSha256HexSync(serverSeed, `${clientSeed}:${nonce}`);
  return { hash, result: ticketFromHash(hash) };
}

export function sha256HexSync(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hmacSha256HexSync(key: string, message: string): string {
  return createHmac("sha256", key).update(message).digest("hex");
}

/** Web Crypto's hashes as node:crypto computes them, for the server's battle settlement. */
export const nodeHashes: Hashes = { sha256Hex: sha256HexSync, hmacSha256Hex: hmacSha256HexSync };

/** A server seed: 32 random bytes as 64 lower-case hex characters. */
export function generateServerSeedSync(): string {
  return randomBytes(32).toString("hex");
}

/**
 * RFC 9162's leaf and node hashes (merkle.ts's leafHash and nodeHash) with node:crypto: the
 * appender hashes every leaf and about one node per leaf in the server's own thread, where
 * @noble/hashes' pure-JavaScript SHA-256 took about 8 µs a leaf and node:crypto takes about 1.
 * merkle.test.ts holds both to the same values.
 */
export function leafHashSync(leaf: string): Uint8Array {
  return createHash("sha256").update(LEAF_PREFIX).update(leaf, "utf8").digest();
}

export function nodeHashSync(left: Uint8Array, right: Uint8Array): Uint8Array {
  return createHash("sha256").update(NODE_PREFIX).update(left).update(right).digest();
}

const LEAF_PREFIX = Uint8Array.of(0x00);
const NODE_PREFIX = Uint8Array.of(0x01);
