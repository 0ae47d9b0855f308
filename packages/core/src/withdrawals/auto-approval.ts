import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { isAdminRole } from "../users/account-admin.ts";

/** Money credited by adjustment stays out of automatic approval this long. */
export const ADJUSTED_MONEY_HOLD_DAYS = 30;
/** An account that stopped being an admin is treated as one for automatic approval this long. */
export const FORMER_ADMIN_HOLD_DAYS = 30;

/**
 * The one rule for approving a withdrawal without an admin, decided under the wallet's row lock
 * (`balance` is the balance read under it, before the withdrawal): the amount is below the
 * operator's automatic amount (withdrawal_settings; 0 is off); the account is not an admin's
 * (an admin's own withdrawal always waits for another admin), nor one that lost the admin role
 * in the last 30 days (the admin log's account.role entries: an admin cannot step down, have
 * another admin demote them, and withdraw alone the next minute); and the withdrawal is covered by
 * the balance without the ADJUSTMENT credits of the last 30 days, so money that arrived by a
 * console or CLI credit never leaves without an admin's look. An account whose identity check was
 * refused for good (#37) never withdraws without an admin: its money leaves only to a
 * destination an operator approves.
 */
export async function approvesAutomatically(
  tx: DbTx,
  { userId, amount, balance }: { userId: string; amount: Prisma.Decimal; balance: Prisma.Decimal },
): Promise<boolean> {
  const [row] = await tx.$queryRaw<
    Array<{ autoApproveBelow: Prisma.Decimal | null; role: string | null; wasAdmin: boolean; adjusted: Prisma.Decimal; rejected: boolean }>
  >`
    SELECT (SELECT "autoApproveBelow" FROM withdrawal_settings WHERE id = 1) AS "autoApproveBelow",
           (SELECT role FROM "user" WHERE id = ${userId}) AS role,
           EXISTS (SELECT 1 FROM admin_log
                   WHERE "targetId" = ${userId} AND action = 'account.role' AND before->>'role' = 'admin'
                     AND "createdAt" > now() - make_interval(days => ${FORMER_ADMIN_HOLD_DAYS})) AS "wasAdmin",
           (SELECT COALESCE(SUM(amount), 0) FROM ledger_entry
            WHERE "userId" = ${userId} AND kind = 'ADJUSTMENT' AND amount > 0
              AND "createdAt" > now() - make_interval(days => ${ADJUSTED_MONEY_HOLD_DAYS})) AS adjusted,
           EXISTS (SELECT 1 FROM account_verification WHERE "userId" = ${userId} AND status = 'rejected') AS rejected`;
  if (!row?.autoApproveBelow) return false;
  const below = new Prisma.Decimal(row.autoApproveBelow);
  if (below.lte(0) || !amount.lt(below)) return false;
  if (isAdminRole(row.role) || row.wasAdmin || row.rejected) return false;
  return amount.lte(new Prisma.Decimal(balance).minus(new Prisma.Decimal(row.adjusted)));
}
