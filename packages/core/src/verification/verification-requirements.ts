import type { SqlQuery } from "@prizepacks/db";
import type { VerificationRequirementDetail } from "../contract/verification.ts";
import { requirementDetail, type VerificationRefusal } from "./verification-refusal.ts";

/**
 * What waits on a verified identity for this account now, with why: the rule itself asked
 * (verification_refusal) for a withdrawal, the smallest deposit, and play, so what the player
 * reads is what the next request would meet.
 */
export async function verificationRequirements(sql: SqlQuery, userId: string): Promise<VerificationRequirementDetail[]> {
  const [row] = await sql.query<{
    withdrawal: VerificationRefusal | null;
    deposit: VerificationRefusal | null;
    play: VerificationRefusal | null;
  }>(
    `SELECT verification_refusal($1, 'withdrawal', 0) AS withdrawal, verification_refusal($1, 'deposit', 0.01) AS deposit,
            verification_refusal($1, 'open', 0) AS play`,
    [userId],
  );
  return [row?.withdrawal, row?.deposit, row?.play].filter((refusal) => refusal != null).map(requirementDetail);
}
