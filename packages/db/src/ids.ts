import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * An id for rows the hot path inserts with SQL, shaped like Prisma's cuid() ids ("c", a
 * time part, then randomness; 25 lower-case characters), so both kinds read alike. 16 random
 * base-36 characters carry about 82 bits: collisions are not a practical concern.
 */
export function newId(): string {
  let random = "";
  for (let i = 0; i < 16; i++) random += ALPHABET[nextRandomByte() % 36];
  return `c${Date.now().toString(36).padStart(8, "0")}${random}`;
}

// Random bytes drawn 4 KiB at a time: one call into the CSPRNG per 256 ids instead of one per id
// (a measurable share of an opening's CPU when it was one per id).
let pool = Buffer.alloc(0);
let offset = 0;
function nextRandomByte(): number {
  if (offset >= pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  return pool[offset++]!;
}
