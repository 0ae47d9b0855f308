import type { Prisma } from "@prizepacks/db/prisma";
import { parseMoney } from "../money.ts";
import { serviceEnv } from "../service-env.ts";

// The four-eyes thresholds on credits (pending-credits.ts), apart so that applyAdjustment can
// record the ones in force in each lone credit's log entry without importing the rule itself.

/** Above this, an admin's credits to one account in 24 hours wait for a second admin. */
export function creditApprovalAbove(): Prisma.Decimal {
  return parseMoney(serviceEnv().ADMIN_CREDIT_APPROVAL_ABOVE);
}

/** Above this, an admin's credits to every account in 24 hours wait for a second admin. */
export function dailyCreditApprovalAbove(): Prisma.Decimal {
  return parseMoney(serviceEnv().ADMIN_CREDIT_DAILY_APPROVAL_ABOVE);
}
