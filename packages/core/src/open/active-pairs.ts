import { generateServerSeedSync } from "@prizepacks/fairness/node";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { newSeedPairData } from "../fairness/seed-pairs.ts";

export interface ActivePair {
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next opening will use. */
  nonce: number;
}

const MAX_ACCOUNTS = 50_000;

/**
 * Each account's active seed pair and next nonce, as this process last saw them, so that an
 * opening can draw before it writes and write in one call. Never trusted blindly: open_pack
 * refuses a pair that is not active at that nonce (rotated, or another instance opened
 * first), and the opening then reloads and draws again. Openings of one account take turns
 * (Services.turns, see openPack), so within this process no two draw for the same nonce.
 */
export class ActivePairs {
  private readonly pairs = new Map<string, ActivePair>();

  async get(sql: SqlQuery, userId: string): Promise<ActivePair> {
    const known = this.pairs.get(userId);
    if (known) return known;
    const pair = await loadActivePair(sql, userId);
    if (this.pairs.size >= MAX_ACCOUNTS) this.pairs.clear();
    this.pairs.set(userId, pair);
    return pair;
  }

  /** After an opening used the pair's nonce. */
  advance(userId: string, pair: ActivePair): void {
    this.pairs.set(userId, { ...pair, nonce: pair.nonce + 1 });
  }

  forget(userId: string): void {
    this.pairs.delete(userId);
  }
}

async function loadActivePair(sql: SqlQuery, userId: string): Promise<ActivePair> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [pair] = await sql.query<ActivePair & Record<string, unknown>>(
      `SELECT id, "serverSeed", "serverSeedHash", "clientSeed", nonce FROM seed_pair WHERE "userId" = $1 AND "retiredAt" IS NULL`,
      [userId],
    );
    if (pair) return pair;
    // An account without a pair (every account gets one when provisioned; this is the
    // safety net). The partial unique index turns a concurrent twin into a no-op.
    const data = await newSeedPairData(userId, generateServerSeedSync());
    await sql.query(
      `INSERT INTO seed_pair (id, "userId", "serverSeed", "serverSeedHash", "clientSeed", nonce, "nextServerSeed", "nextServerSeedHash")
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7) ON CONFLICT DO NOTHING`,
      [newId(), userId, data.serverSeed, data.serverSeedHash, data.clientSeed, data.nextServerSeed, data.nextServerSeedHash],
    );
  }
  throw new Error(`Account ${userId} has no active seed pair.`);
}
