import { logger } from "@prizepacks/db/log";
import { AppError } from "../errors.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Deps } from "../runtime/deps.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import { applyApplicantState } from "./verification.ts";
import type { VerificationProvider } from "./verification-provider.ts";

/** A check unchanged this long is polled (its webhook may be lost). */
export const RECONCILE_VERIFICATIONS_AFTER_SECONDS = 120;
/** A claimed check is not polled again, by any instance, for this long: reviews take minutes to days. */
const RECHECK_SECONDS = 300;
const POLL_MS = 15_000;
const BATCH = 50;

/**
 * One pass: claims this provider's checks still open (pending, or retry awaiting the player's
 * new documents) and unchanged for `unchangedForSeconds` (FOR UPDATE SKIP LOCKED hands each to
 * one instance; nextCheckAt paces the polls), fetches each applicant and applies it through the
 * same rule as a webhook. Returns how many were claimed.
 */
export async function reconcileVerifications(
  services: Deps,
  provider: VerificationProvider,
  { unchangedForSeconds = RECONCILE_VERIFICATIONS_AFTER_SECONDS }: { unchangedForSeconds?: number } = {},
): Promise<number> {
  const due = await services.database.sql.query<{ applicantId: string } & Record<string, unknown>>(
    `UPDATE account_verification v SET "nextCheckAt" = now() + make_interval(secs => $3::int)
     WHERE v."userId" IN (
       SELECT "userId" FROM account_verification
       WHERE provider = $1 AND status IN ('pending', 'retry') AND "updatedAt" <= now() - make_interval(secs => $2::int)
         AND ("nextCheckAt" IS NULL OR "nextCheckAt" <= now())
       ORDER BY "updatedAt" LIMIT $4
       FOR UPDATE SKIP LOCKED)
     RETURNING v."applicantId"`,
    [provider.name, unchangedForSeconds, RECHECK_SECONDS, BATCH],
  );
  for (const { applicantId } of due) {
    try {
      await applyApplicantState(services, provider.name, await provider.fetchApplicant(applicantId));
    } catch (error) {
      // Deleted at the provider: nothing to poll. Unreachable: the pass ends, every claimed check
      // tried again after RECHECK_SECONDS. Anything else is this applicant's alone: the others go on.
      if (error instanceof AppError && error.code === "NOT_FOUND") continue;
      if (error instanceof AppError && error.code === "UNAVAILABLE") throw error;
      logger("verification").error({ err: error, applicantId }, "could not reconcile an identity check");
    }
  }
  return due.length;
}

/** Polls the provider for lost webhooks from every instance (each claims its own checks). */
export function startVerificationReconciliation(services: Deps, provider: VerificationProvider): BackgroundJob {
  return startPeriodic(services, {
    log: "verification",
    failure: "identity check reconciliation pass failed, retrying",
    everyMs: POLL_MS,
    pass: () => reconcileVerifications(services, provider),
    quietRepeats: true,
  });
}
