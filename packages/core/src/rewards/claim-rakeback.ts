import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import type { RakebackClaim } from "../contract/rewards.ts";
import { AppError } from "../errors.ts";
import { runKeyed } from "../idempotency-key.ts";
import { moneyToNumber, parseMoney } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";
import { assertWithinBudget } from "./reward-budget.ts";
import { assertRewardAllowed } from "./reward-refusal.ts";

const TARGET = "rewards:rakeback";

/**
 * Pays everything claimable of the account's rakeback (from 0.01) as one REWARD ledger entry
 * naming its reward_claim (source rakeback), all or nothing.
 *
 * Concurrency: the wallet row is locked first (as paid_play locks it), then the rule of rewards is
 * asked and the claimable amount read, each in a statement of its own after the lock: of ten
 * claims at once, the first pays all that is claimable and the others, waiting on the lock, read
 * nothing left after it commits (409). The same Idempotency-Key answers its first response.
 */
export async function claimRakeback(
  services: Deps,
  userId: string,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<RakebackClaim> {
  return runKeyed(
    services.database.sql,
    { userId, key: idempotencyKey, target: TARGET, reused: "This Idempotency-Key was already used for another request." },
    (tx) => payRakeback(tx, userId, idempotencyKey ?? null),
  );
}

async function payRakeback(tx: SqlQuery, userId: string, idempotencyKey: string | null): Promise<RakebackClaim> {
  const [wallet] = await tx.query<{ balance: string }>(`SELECT balance::text FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
  if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
  await assertRewardAllowed(tx, userId);
  const [settings] = await tx.query<{ enabled: boolean }>(
    `SELECT coalesce((SELECT "rakebackEnabled" FROM reward_settings WHERE id = 1), true) AS enabled`,
  );
  if (!settings?.enabled) throw new AppError("REWARD_NOT_ELIGIBLE", "Rakeback is switched off for now; what accrued is kept.");
  const [reward] = await tx.query<{ available: string }>(
    `SELECT (trunc("rakebackAccrued", 2) - "rakebackClaimed")::text AS available FROM account_reward WHERE "userId" = $1 FOR UPDATE`,
    [userId],
  );
  const available = reward?.available ?? "0.00";
  if (parseMoney(available).lessThan("0.01")) throw new AppError("CONFLICT", "No rakeback to claim yet: it can be claimed from 0.01.");
  await assertWithinBudget(tx, available);

  const { claim, balance } = await creditReward(tx, userId, { source: "rakeback", amount: available, idempotencyKey });
  await tx.query(`UPDATE account_reward SET "rakebackClaimed" = "rakebackClaimed" + $2::numeric, "updatedAt" = now() WHERE "userId" = $1`, [
    userId,
    available,
  ]);
  return { claim, balanceAfter: moneyToNumber(balance) };
}

/**
 * Credits a cash reward in the caller's transaction, which holds the wallet's row lock: its
 * reward_claim (the source row), the wallet, the REWARD ledger entry naming the claim, and the
 * reward.claimed and wallet.changed events.
 */
export async function creditReward(
  tx: SqlQuery,
  userId: string,
  {
    source,
    amount,
    idempotencyKey,
    promoRedemptionId = null,
    creatorCodeId = null,
  }: {
    source: "rakeback" | "promo" | "commission";
    amount: string;
    idempotencyKey: string | null;
    promoRedemptionId?: string | null;
    creatorCodeId?: string | null;
  },
): Promise<{ claim: RakebackClaim["claim"]; balance: string }> {
  const claimId = newId();
  const ledgerEntryId = newId();
  const [row] = await tx.query<{ balance: string; createdAt: string }>(
    `WITH claim AS (
       INSERT INTO reward_claim (id, "userId", source, amount, cost, "idempotencyKey", "promoRedemptionId", "creatorCodeId", "createdAt")
       VALUES ($1, $2, $6, $3::numeric, $3::numeric, $4, $7, $8, now() AT TIME ZONE 'UTC')
       RETURNING id, "createdAt"
     ), credited AS (
       UPDATE wallet SET balance = balance + $3::numeric, "updatedAt" = now() WHERE "userId" = $2 RETURNING balance
     ), entry AS (
       INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "rewardClaimId")
       SELECT $5, $2, 'REWARD', $3::numeric, credited.balance, claim.id FROM credited, claim
     )
     SELECT credited.balance::text AS balance, to_char(claim."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"
     FROM credited, claim`,
    [claimId, userId, amount, idempotencyKey, ledgerEntryId, source, promoRedemptionId, creatorCodeId],
  );
  if (!row) throw new Error("the reward's credit wrote nothing");
  await tx.query(`SELECT record_account_event($1, 'reward.claimed', $2::jsonb)`, [userId, JSON.stringify({ id: claimId, source, amount })]);
  await tx.query(
    `SELECT record_account_event($1, 'wallet.changed', jsonb_build_object('balance', $2::numeric, 'balanceString', $2::text, 'amount', $3::text, 'reason', 'REWARD'))`,
    [userId, row.balance, amount],
  );
  return { claim: { id: claimId, source, amount, ledgerEntryId, createdAt: row.createdAt }, balance: row.balance };
}
