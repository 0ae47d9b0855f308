import type { SqlQuery } from "@prizepacks/db";
import { displayMoney } from "../contract/money-cents.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";

/**
 * Refuses a reward costing `cost` when today's (UTC) rewards and it would pass the daily budget:
 * the claim waits for the next day, and the answer says when (REWARD_BUDGET_SPENT, Retry-After).
 *
 * Concurrency: the settings row is locked (created first if the operator never saved one), so
 * claims of every account take turns through here until they commit, and two cannot both fit
 * in the last of the budget. Claims are rare next to plays (which never take this row's lock),
 * so the one queue costs nothing on the hot path. Call it after the claimant's wallet lock (the
 * order every claim takes, so none can deadlock).
 */
export async function assertWithinBudget(tx: SqlQuery, cost: string): Promise<void> {
  await tx.query(`INSERT INTO reward_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  const [row] = await tx.query<{ budget: string; fits: boolean; nextDay: string; seconds: number }>(
    `SELECT s."dailyBudget"::text AS budget,
            (SELECT coalesce(sum(c.cost), 0) FROM reward_claim c
              WHERE c."createdAt" >= date_trunc('day', now() AT TIME ZONE 'UTC')) + $1::numeric <= s."dailyBudget" AS fits,
            to_char(date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "nextDay",
            ceil(extract(epoch FROM date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day' - (now() AT TIME ZONE 'UTC')))::int AS seconds
     FROM reward_settings s WHERE s.id = 1 FOR UPDATE`,
    [cost],
  );
  if (!row) throw new Error("reward_settings has no row after inserting it");
  if (!row.fits) {
    throw new AppError(
      "REWARD_BUDGET_SPENT",
      `Today's reward budget (${displayMoney(formatMoney(row.budget))}) is spent: this claim of ${displayMoney(cost)} waits until the next day, ${row.nextDay} (UTC). Nothing was lost: claim again then.`,
      { retryAfterSeconds: Math.max(1, row.seconds) },
    );
  }
}
