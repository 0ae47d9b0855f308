import { logger } from "@prizepacks/db/log";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { Deps } from "../runtime/deps.ts";
import type { PayoutProvider, PayoutState } from "./payout-provider.ts";
import { giveBack, withdrawalView, type WithdrawalRow } from "./withdrawal-row.ts";

/**
 * A claimed withdrawal is not looked at again, by any instance, for this long. It must outlast
 * the provider calls one withdrawal makes (at most two, each bounded by the client's timeout),
 * so another instance cannot take it while a payout is being created for it. Hence one claim
 * per withdrawal, taken right before its calls, never a batch claimed at once.
 */
const RECHECK_SECONDS = 60;
const POLL_MS = 5_000;
const BATCH = 50;

/**
 * One pass of the payout job: claims this provider's approved and paying withdrawals that are
 * due (FOR UPDATE SKIP LOCKED hands each to one instance; nextCheckAt keeps it theirs and paces
 * the polls), or only `ids` when given (a fresh approval, started at once). An approved one
 * gets its payout created (the provider finds one made before for it, so a crash in between
 * pays once); a paying one is fetched: Completed completes it, Cancelled fails it and gives the
 * money back, exactly once. A provider that does not answer is tried again after
 * RECHECK_SECONDS. Returns how many were claimed.
 */
export async function processWithdrawals(
  services: Deps & { payouts: PayoutProvider | null },
  { ids }: { ids?: string[] } = {},
): Promise<number> {
  const provider = services.payouts;
  if (!provider) return 0;
  const { database } = services;
  let claimed = 0;
  while (claimed < BATCH) {
    const [next] = await database.sql.query<{ id: string }>(
      `UPDATE withdrawal w SET "nextCheckAt" = now() + make_interval(secs => $2::int)
       WHERE w.id IN (
         SELECT id FROM withdrawal
         WHERE provider = $1 AND state IN ('approved', 'paying') AND ("nextCheckAt" IS NULL OR "nextCheckAt" <= now())
           AND ($3::text[] IS NULL OR id = ANY($3::text[]))
         ORDER BY "createdAt" LIMIT 1
         FOR UPDATE SKIP LOCKED)
       RETURNING w.id`,
      [provider.name, RECHECK_SECONDS, ids ?? null],
    );
    if (!next) break;
    claimed += 1;
    const row = await database.prisma.withdrawal.findUniqueOrThrow({ where: { id: next.id } });
    try {
      await advance(services, row);
    } catch (error) {
      // An unreachable provider was logged where it was called; the next pass tries again.
      if (error instanceof AppError && error.code === "UNAVAILABLE") continue;
      logger("withdrawals").error({ err: error, withdrawalId: next.id }, "a withdrawal's payout could not be advanced; retrying");
    }
  }
  return claimed;
}

async function advance(services: Deps & { payouts: PayoutProvider | null }, row: WithdrawalRow): Promise<void> {
  const provider = services.payouts!;
  const db = services.database.prisma;
  let state: PayoutState;
  if (row.state === "approved") {
    try {
      state = await provider.createPayout({
        withdrawalId: row.id,
        amount: row.amount,
        currency: row.currency,
        payoutMethodId: row.payoutMethodId,
        destination: row.address,
      });
    } catch (error) {
      // Refused for good (an address the provider will not pay): the money goes back.
      if (error instanceof AppError && error.code === "BAD_REQUEST") return fail(services, row, error.message);
      throw error;
    }
    const recorded = await db.withdrawal.updateMany({
      where: { id: row.id, state: "approved" },
      data: { state: "paying", payoutId: state.payoutId },
    });
    if (recorded.count === 0) return;
  } else if (row.state === "paying" && row.payoutId) {
    try {
      state = await provider.fetchPayout(row.payoutId);
    } catch (error) {
      // Not known (anymore): the money may have left; the operator looks, nothing is given back.
      if (error instanceof AppError && error.code === "NOT_FOUND")
        logger("withdrawals").error({ withdrawalId: row.id, payoutId: row.payoutId }, "the payout provider knows no such payout");
      throw error;
    }
  } else return;
  if (state.status === "completed") {
    await db.$transaction(async (tx) => {
      const done = await tx.withdrawal.updateMany({
        where: { id: row.id, state: "paying" },
        data: { state: "completed", completedAt: new Date() },
      });
      if (done.count === 0) return;
      const updated = await tx.withdrawal.findUniqueOrThrow({ where: { id: row.id } });
      await recordAccountEvent(tx, row.userId, "withdrawal.completed", withdrawalView(updated));
    });
  } else if (state.status === "cancelled") await fail(services, row, "the payout was cancelled at the payment server");
}

async function fail(services: Deps, row: WithdrawalRow, reason: string): Promise<void> {
  await services.database.prisma
    .$transaction(async (tx) => {
      const [locked] = await tx.$queryRaw<Array<{ state: string }>>`SELECT state FROM withdrawal WHERE id = ${row.id} FOR UPDATE`;
      if (locked?.state !== "approved" && locked?.state !== "paying") return;
      await giveBack(tx, row, "failed", reason);
    })
    .then(() => logger("withdrawals").warn({ withdrawalId: row.id, reason }, "withdrawal failed; its amount was given back"));
}

/** Follows approved withdrawals to completion from every instance (each claims its own), every few seconds. */
export function startWithdrawalPayouts(services: Deps & { payouts: PayoutProvider | null }): BackgroundJob {
  return startPeriodic(services, {
    log: "withdrawals",
    failure: "withdrawal payout pass failed, retrying",
    everyMs: POLL_MS,
    pass: () => processWithdrawals(services),
    quietRepeats: true,
  });
}
