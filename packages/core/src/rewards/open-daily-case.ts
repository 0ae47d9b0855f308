import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import type { CachedPack, CatalogCache } from "../catalog/catalog-cache.ts";
import { displayMoney } from "../contract/money-cents.ts";
import type { DailyCaseResult } from "../contract/rewards.ts";
import { AppError } from "../errors.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer } from "../idempotency-key.ts";
import { formatMoney, parseMoney } from "../money.ts";
import type { ActivePair, ActivePairs } from "../open/active-pairs.ts";
import { recordOpening, STALE_PAIR } from "../open/open-pack.ts";
import type { AccountGate } from "../runtime/account-gate.ts";
import type { Deps } from "../runtime/deps.ts";
import { DAILY_CASE_INTERVAL_HOURS } from "./get-rewards.ts";
import { assertWithinBudget } from "./reward-budget.ts";
import { assertRewardAllowed } from "./reward-refusal.ts";

const TARGET = "rewards:daily";

interface Eligibility extends Record<string, unknown> {
  enabled: boolean;
  emailVerified: boolean;
  ageConfirmed: boolean;
  wagered7d: string;
  minWager: string;
  nextAt: string | null;
  retryAfter: number | null;
  level: number;
  packId: string | null;
}

/**
 * Opens the daily case: one free opening every 24 h (from the last) of the pack the operator set
 * for the account's level, drawn like any opening (HMAC-SHA256(serverSeed, clientSeed:nonce) on
 * the account's seed pair at its next nonce, through open_pack: the item goes to the inventory,
 * the spin is in the history, kind daily), recorded as a reward_claim (source daily) that names
 * its spin. It needs a verified e-mail, a confirmed age and dailyCaseMinWager wagered in 7 days.
 *
 * Free, so it does not pay through paid_play as a wager (open_pack's paid_play takes 0: no ledger
 * entry, no XP, no rakeback, and paid_play's rule for 0 would let a reached limit through). The
 * rule of rewards is asked instead, after the wallet's row lock: excluded, on a time-out, at a
 * reached limit, age unconfirmed or refused by identity checks, nothing opens.
 *
 * Concurrency: the wallet row is locked first, then the account's reward row; the 24 h are read
 * after both locks, so of two requests at once the second waits and finds the first's claim.
 */
export async function openDailyCase(
  services: Deps & { catalog: CatalogCache; pairs: ActivePairs; turns: AccountGate },
  userId: string,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<DailyCaseResult> {
  const { database, pairs, turns } = services;
  assertIdempotencyKey(idempotencyKey);
  const keyed = idempotencyKey
    ? { userId, key: idempotencyKey, target: TARGET, reused: "This Idempotency-Key was already used for another request." }
    : null;
  if (keyed) {
    const replay = await findReplay<DailyCaseResult>(database.sql, keyed);
    if (replay) return replay;
  }
  // The level's pack, looked up before the transaction: the catalog may have to load, and no
  // transaction should wait for it (the transaction checks the level still names it).
  const [target] = await database.sql.query<{ packId: string | null }>(
    `SELECT l."dailyPackId" AS "packId" FROM reward_level l
     WHERE l."xpThreshold" <= coalesce((SELECT r.xp FROM account_reward r WHERE r."userId" = $1), 0)
     ORDER BY l.level DESC LIMIT 1`,
    [userId],
  );
  const cached = target?.packId ? await services.catalog.find(target.packId) : null;
  // The account's turn, as an opening takes it: the draw uses the pair's cached nonce.
  return turns.run(userId, async () => {
    for (let attempt = 0; ; attempt++) {
      const pair = await pairs.get(database.sql, userId);
      try {
        const outcome = await database.sql.transaction(async (tx) => {
          if (keyed) {
            const replay = await claimKey<DailyCaseResult>(tx, keyed);
            if (replay) return { result: replay, opened: false };
          }
          const result = await openInTransaction(tx, userId, cached, pair, idempotencyKey);
          if (keyed) await storeAnswer(tx, keyed, result);
          return { result, opened: true };
        });
        if (outcome.opened) pairs.advance(userId, pair);
        return outcome.result;
      } catch (error) {
        if ((error as { code?: string }).code !== STALE_PAIR || attempt >= 4) throw error;
        pairs.forget(userId);
      }
    }
  });
}

async function openInTransaction(
  tx: SqlQuery,
  userId: string,
  cached: CachedPack | null,
  pair: ActivePair,
  idempotencyKey: string | undefined,
): Promise<DailyCaseResult> {
  const [wallet] = await tx.query(`SELECT 1 AS locked FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
  if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
  await assertRewardAllowed(tx, userId);
  await tx.query(`SELECT 1 FROM account_reward WHERE "userId" = $1 FOR UPDATE`, [userId]);
  const [row] = await tx.query<Eligibility>(
    `SELECT coalesce(s."dailyCaseEnabled", true) AS enabled,
            coalesce(s."dailyCaseMinWager", 10.00)::text AS "minWager",
            u."emailVerified", u."ageConfirmedAt" IS NOT NULL AS "ageConfirmed",
            (SELECT coalesce(sum(e.amount), 0) FROM spending_entries(u.id, 'wager', (now() - interval '7 days')::timestamp(3)) e)::text AS "wagered7d",
            CASE WHEN r."lastDailyAt" + make_interval(hours => $2) > now() AT TIME ZONE 'UTC'
              THEN to_char(r."lastDailyAt" + make_interval(hours => $2), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "nextAt",
            ceil(extract(epoch FROM r."lastDailyAt" + make_interval(hours => $2) - now() AT TIME ZONE 'UTC'))::int AS "retryAfter",
            l.level, l."dailyPackId" AS "packId"
     FROM "user" u
     LEFT JOIN account_reward r ON r."userId" = u.id
     LEFT JOIN reward_settings s ON s.id = 1
     LEFT JOIN LATERAL (
       SELECT level, "dailyPackId" FROM reward_level WHERE "xpThreshold" <= coalesce(r.xp, 0) ORDER BY level DESC LIMIT 1
     ) l ON true
     WHERE u.id = $1`,
    [userId, DAILY_CASE_INTERVAL_HOURS],
  );
  if (!row) throw new Error(`no account ${userId}`);
  if (!row.enabled) throw new AppError("REWARD_NOT_ELIGIBLE", "The daily case is switched off for now.");
  if (row.nextAt) {
    throw new AppError("CONFLICT", `The daily case was opened less than 24 hours ago: the next one opens at ${row.nextAt}.`, {
      retryAfterSeconds: Math.max(1, row.retryAfter ?? 1),
    });
  }
  const missing = [
    !row.emailVerified && "a verified e-mail address",
    !row.ageConfirmed && "a confirmed date of birth",
    parseMoney(row.wagered7d).lessThan(row.minWager) &&
      `${displayMoney(formatMoney(row.minWager))} wagered in the last 7 days (${displayMoney(formatMoney(row.wagered7d))} so far)`,
  ].filter((reason): reason is string => typeof reason === "string");
  if (missing.length > 0) throw new AppError("REWARD_NOT_ELIGIBLE", `The daily case needs ${missing.join(", ")}.`);
  if (!row.packId) throw new AppError("REWARD_NOT_ELIGIBLE", `There is no daily case at level ${row.level ?? 0} yet.`);
  if (!cached) throw new AppError("REWARD_NOT_ELIGIBLE", "The daily case's pack is not available right now; try again later.");
  if (cached.pack.id !== row.packId) throw new AppError("CONFLICT", "The account's level changed meanwhile; try again.");
  const cost = cached.pack.price.toFixed(2);
  await assertWithinBudget(tx, cost);

  const opening = await recordOpening(tx, cached, userId, pair, idempotencyKey, { free: true });
  const claimId = newId();
  const [claim] = await tx.query<{ createdAt: string; nextAt: string }>(
    `WITH claim AS (
       INSERT INTO reward_claim (id, "userId", source, amount, cost, "spinId", "idempotencyKey", "createdAt")
       VALUES ($1, $2, 'daily', 0, $3::numeric, $4, $5, now() AT TIME ZONE 'UTC')
       RETURNING "createdAt"
     ), last AS (
       INSERT INTO account_reward ("userId", "lastDailyAt") SELECT $2, "createdAt" FROM claim
       ON CONFLICT ("userId") DO UPDATE SET "lastDailyAt" = EXCLUDED."lastDailyAt", "updatedAt" = now()
     )
     SELECT to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
            to_char("createdAt" + make_interval(hours => $6), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "nextAt"
     FROM claim`,
    [claimId, userId, cost, opening.spin.id, idempotencyKey ?? null, DAILY_CASE_INTERVAL_HOURS],
  );
  if (!claim) throw new Error("the daily case's claim wrote nothing");
  await tx.query(`SELECT record_account_event($1, 'reward.claimed', $2::jsonb)`, [
    userId,
    JSON.stringify({ id: claimId, source: "daily", amount: "0.00", spinId: opening.spin.id }),
  ]);
  return { ...opening, claim: { id: claimId, source: "daily", cost, createdAt: claim.createdAt }, nextAt: claim.nextAt };
}
