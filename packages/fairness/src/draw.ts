/**
 * The provably-fair draw, exactly as published in the README. Isomorphic: it uses only
 * Web Crypto and TextEncoder, so the browser verifier runs this very code.
 *
 *   hash   = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`), lower-case hex
 *   result = floor(parseInt(hash.slice(0, 13), 16) / 2^52 * 100000) + 1      (1..100000)
 */

export const TICKETS_TOTAL = 100_000;
const TWO_POW_52 = 2 ** 52;

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

/**
 * The two hashes the protocols are made of. Web Crypto's (webHashes) run in the browser and the
 * verifier; the server passes node:crypto's synchronous ones (nodeHashes in draw-node.ts), the
 * same functions without a thread-pool round trip per hash.
 */
export interface Hashes {
  sha256Hex(text: string): string | Promise<string>;
  hmacSha256Hex(key: string, message: string): string | Promise<string>;
}

export const webHashes: Hashes = { sha256Hex, hmacSha256Hex };

export function ticketFromHash(hash: string): number {
  if (!/^[0-9a-f]{13}/.test(hash)) throw new Error("hash must start with 13 lower-case hex digits");
  return Math.floor((parseInt(hash.slice(0, 13), 16) / TWO_POW_52) * TICKETS_TOTAL) + 1;
}

export interface DrawInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface Draw {
  hash: string;
  result: number;
}

export async function drawTicket({ serverSeed, clientSeed, nonce }: DrawInput): Promise<Draw> {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error("nonce must be a non-negative integer");
  const hash = await hmacSha256Hex(serverSeed, `${clientSeed}:${nonce}`);
  return { hash, result: ticketFromHash(hash) };
}

/** A server seed: 32 random bytes as 64 lower-case hex characters. */
export function generateServerSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)).buffer);
}

/** A default client seed: 16 random bytes as hex. */
export function generateClientSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)).buffer);
}

/** What a published opening claims, and what its seeds must re-derive. */
export interface OpeningClaim {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  hash: string;
  result: number;
  itemId: string;
}

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The verifier's recomputation of an opening (the browser's path: `hashes` is Web Crypto's by
 * default): the seed well formed and committed to, the hash, the ticket and the item its range
 * gives. An empty list means it verifies. The server runs it on every opening before it is paid
 * ("checked before paid"), with node's hashes.
 */
export async function verifyOpening(
  claim: OpeningClaim,
  ranges: readonly { itemId: string; ticketFrom: number; ticketTo: number }[],
  hashes: Hashes = webHashes,
): Promise<string[]> {
  const problems: string[] = [];
  if (!SERVER_SEED_PATTERN.test(claim.serverSeed)) problems.push("the server seed is empty or malformed");
  if (claim.clientSeed.length === 0) problems.push("the client seed is empty");
  if (!Number.isSafeInteger(claim.nonce) || claim.nonce < 0) {
    problems.push("the nonce is not a non-negative integer");
    return problems;
  }
  if ((await hashes.sha256Hex(claim.serverSeed)) !== claim.serverSeedHash) problems.push("the server seed does not match its commitment");
  const hash = await hashes.hmacSha256Hex(claim.serverSeed, `${claim.clientSeed}:${claim.nonce}`);
  if (hash !== claim.hash) problems.push("the hash does not re-derive from the seeds and nonce");
  const result = ticketFromHash(hash);
  if (result !== claim.result) problems.push(`the ticket is ${claim.result}, the hash gives ${result}`);
  const range = ranges.find((candidate) => result >= candidate.ticketFrom && result <= candidate.ticketTo);
  if (range?.itemId !== claim.itemId) problems.push(`the item is ${claim.itemId}, ticket ${result} gives ${range?.itemId ?? "none"}`);
  return problems;
}
