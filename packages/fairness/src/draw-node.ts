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
