import type { VerificationRequirement, VerificationStatus } from "../contract/verification.ts";
import type { Deps } from "../runtime/deps.ts";

/**
 * The defaults until the console has the settings (#37): a check before any
 * withdrawal, and before deposits once settled deposits over a rolling 30 days reach this much;
 * a FINAL rejection closes deposits and play too.
 */
const DUE_DILIGENCE_DEPOSITS = "2000.00";
const DUE_DILIGENCE_DAYS = 30;

/** What waits on a verified identity for this account now (not enforced yet: the next slice of #37 does). */
export async function verificationRequiredFor(
  services: Deps,
  userId: string,
  status: VerificationStatus,
): Promise<VerificationRequirement[]> {
  if (status === "verified") return [];
  if (status === "rejected") return ["withdrawal", "deposit", "play"];
  const [row] = await services.database.sql.query<{ reached: boolean }>(
    `SELECT coalesce(sum(amount), 0) >= $2::numeric AS reached FROM deposit
     WHERE "userId" = $1 AND status = 'settled' AND "settledAt" > now() - make_interval(days => $3::int)`,
    [userId, DUE_DILIGENCE_DEPOSITS, DUE_DILIGENCE_DAYS],
  );
  return row?.reached ? ["withdrawal", "deposit"] : ["withdrawal"];
}
