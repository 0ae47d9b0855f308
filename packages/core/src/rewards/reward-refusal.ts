import type { SqlQuery } from "@prizepacks/db";
import { displayMoney } from "../contract/money-cents.ts";
import { AppError } from "../errors.ts";
import { protectionRefusalError, type ProtectionRefusal } from "../protection/protection-refusal.ts";

/** reward_refusal()'s JSON: the paid-play refusal's, marked as asked for a reward. */
export type RewardRefusal = ProtectionRefusal & { reward?: true };

/**
 * The refusal as the 403 a client sees: the paid-play refusal's code and details (EXCLUDED,
 * LIMIT_REACHED, AGE_UNCONFIRMED, KYC_REQUIRED), said of rewards. Nothing is offered or given.
 */
export function rewardRefusalError(refusal: RewardRefusal): AppError {
  const play = protectionRefusalError(refusal);
  const why =
    refusal.code === "LIMIT_REACHED"
      ? `Your ${refusal.kind} limit of ${displayMoney(refusal.limit)} a ${refusal.period} is reached${refusal.resetsAt ? ` until ${refusal.resetsAt}` : ""}.`
      : play.message;
  return new AppError(play.code, `No rewards are offered or given to this account now. ${why}`, play.details);
}

/**
 * Why `userId` may be given no reward now (reward_refusal, prisma/functions/reward_refusal.sql),
 * or null. A claim asks it after taking the wallet's row lock, so an exclusion or a limit
 * committed before the lock is seen, as paid_play sees it.
 */
export async function findRewardRefusal(q: SqlQuery, userId: string): Promise<RewardRefusal | null> {
  const [row] = await q.query<{ refusal: RewardRefusal | null }>(`SELECT reward_refusal($1) AS refusal`, [userId]);
  return row?.refusal ?? null;
}

/** Throws the 403 of reward_refusal, if any. */
export async function assertRewardAllowed(q: SqlQuery, userId: string): Promise<void> {
  const refusal = await findRewardRefusal(q, userId);
  if (refusal) throw rewardRefusalError(refusal);
}
