import { AppError } from "../errors.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import { applyPayment } from "./deposits.ts";
import type { DepositProvider } from "./deposit-provider.ts";
import type { Deps } from "../runtime/deps.ts";

/** A deposit still pending this long after its creation is polled (its webhooks may be lost). */
export const RECONCILE_AFTER_SECONDS = 60;
/** A claimed deposit is not polled again, by any instance, for this long. */
const RECHECK_SECONDS = 30;
/**
 * BTCPay keeps watching an expired invoice for a late payment (its monitoring period, a day by
 * default) and then settles it: an expired deposit is polled too, less often, for that long, so
 * a late payment whose webhook is lost is still credited.
 */
const LATE_PAYMENT_HOURS = 24;
const EXPIRED_RECHECK_SECONDS = 600;
const POLL_MS = 5_000;
const BATCH = 50;

interface Due extends Record<string, unknown> {
  id: string;
  invoiceId: string | null;
}

/**
 * One pass: claims this provider's deposits pending for longer than `pendingForSeconds` that
 * are due a check (FOR UPDATE SKIP LOCKED hands each to one instance; nextCheckAt keeps it
 * theirs and paces the polls), fetches each payment and applies the same rules as a webhook.
 * A deposit whose payment was never recorded (a crash between our row and the provider's
 * answer) is closed invalid; a late payment of it is still found by its orderId. Returns how
 * many were claimed.
 */
export async function reconcileDeposits(
  services: Deps,
  provider: DepositProvider,
  { pendingForSeconds = RECONCILE_AFTER_SECONDS }: { pendingForSeconds?: number } = {},
): Promise<number> {
  const database = services.database;
  const due = await database.sql.query<Due>(
    `UPDATE deposit d
     SET "nextCheckAt" = now() + make_interval(secs => CASE WHEN d.status = 'pending' THEN $3::int ELSE $5::int END)
     WHERE d.id IN (
       SELECT id FROM deposit
       WHERE provider = $1 AND ("nextCheckAt" IS NULL OR "nextCheckAt" <= now())
         AND ((status = 'pending' AND "createdAt" <= now() - make_interval(secs => $2::int))
           OR (status = 'expired' AND "invoiceId" IS NOT NULL AND "expiresAt" > now() - make_interval(hours => $6::int)))
       ORDER BY "createdAt" LIMIT $4
       FOR UPDATE SKIP LOCKED)
     RETURNING d.id, d."invoiceId"`,
    [provider.name, pendingForSeconds, RECHECK_SECONDS, BATCH, EXPIRED_RECHECK_SECONDS, LATE_PAYMENT_HOURS],
  );
  for (const deposit of due) {
    try {
      if (!deposit.invoiceId) {
        await database.prisma.deposit.updateMany({
          where: { id: deposit.id, status: "pending", invoiceId: null },
          data: { status: "invalid" },
        });
        continue;
      }
      await applyPayment(services, provider.name, await provider.fetchPayment(deposit.invoiceId));
    } catch (error) {
      // Unreachable provider: tried again after RECHECK_SECONDS. An invoice it no longer knows: invalid.
      if (error instanceof AppError && error.code === "NOT_FOUND") {
        await database.prisma.deposit.updateMany({ where: { id: deposit.id, status: "pending" }, data: { status: "invalid" } });
      } else throw error;
    }
  }
  return due.length;
}

/**
 * Polls the provider for lost webhooks every few seconds from every instance (each claims its
 * own deposits), and retries the BTCPay webhook registration while it has not succeeded.
 */
export function startDepositReconciliation(
  services: Deps,
  provider: DepositProvider & { ensureWebhook?: () => Promise<boolean> },
): BackgroundJob {
  return startPeriodic(services, {
    log: "deposits",
    failure: "deposit reconciliation pass failed, retrying",
    everyMs: POLL_MS,
    pass: async () => {
      await provider.ensureWebhook?.();
      await reconcileDeposits(services, provider);
    },
    quietRepeats: true,
  });
}
