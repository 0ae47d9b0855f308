import { AppError } from "../errors.ts";
import type { Deps } from "../runtime/deps.ts";

export interface RevealedSeedView {
  serverSeedHash: string;
  serverSeed: string;
  revealedAt: string;
}

export interface OddsTableView {
  oddsHash: string;
  ranges: Array<{ itemId: string; ticketFrom: number; ticketTo: number }>;
}

const HASH = /^[0-9a-f]{64}$/;

/**
 * A revealed server seed by its SHA-256, for anyone (the monitor re-verifies every logged outcome
 * whose seed is revealed): a seed pair's seed once the pair is rotated, a battle's once it is
 * settled. Before that it is a secret and the answer is 404, the same 404 as for a hash nobody
 * committed to, so the endpoint says nothing about which commitments exist. The seed hash is
 * already the leaves' pseudonym; the seed adds no account detail.
 */
export async function getRevealedSeed(services: Deps, serverSeedHash: string): Promise<RevealedSeedView> {
  if (HASH.test(serverSeedHash)) {
    const [row] = await services.database.sql.query<{ serverSeed: string; revealedAt: Date }>(
      `SELECT "serverSeed", "revealedAt" FROM (
         SELECT "serverSeed", "retiredAt" AS "revealedAt" FROM seed_pair WHERE "serverSeedHash" = $1 AND "retiredAt" IS NOT NULL
         UNION ALL
         SELECT "serverSeed", "settledAt" FROM battle WHERE commitment = $1 AND status = 'settled' AND "settledAt" IS NOT NULL
       ) revealed ORDER BY "revealedAt" LIMIT 1`,
      [serverSeedHash],
    );
    if (row) return { serverSeedHash, serverSeed: row.serverSeed, revealedAt: new Date(row.revealedAt).toISOString() };
  }
  throw new AppError(
    "NOT_FOUND",
    "No revealed seed has this hash: it is not revealed yet (rotate the pair, or wait for the battle to settle), or nobody committed to it.",
  );
}

/** The odds table (ticket ranges) a logged opening names by its oddsHash; public like the packs' own odds. */
export async function getOddsTable(services: Deps, oddsHash: string): Promise<OddsTableView> {
  if (HASH.test(oddsHash)) {
    const rows = await services.database.sql.query<{ itemId: string; ticketFrom: number; ticketTo: number }>(
      `SELECT r."itemId", r."ticketFrom", r."ticketTo" FROM odds_range r
       WHERE r."oddsVersionId" = (SELECT id FROM odds_version WHERE "oddsHash" = $1 ORDER BY "createdAt" LIMIT 1)
       ORDER BY r."ticketFrom"`,
      [oddsHash],
    );
    if (rows.length > 0)
      return { oddsHash, ranges: rows.map((r) => ({ itemId: r.itemId, ticketFrom: Number(r.ticketFrom), ticketTo: Number(r.ticketTo) })) };
  }
  throw new AppError("NOT_FOUND", "No odds table has this hash.");
}
