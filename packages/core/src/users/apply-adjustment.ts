import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { creditApprovalAbove, dailyCreditApprovalAbove } from "./credit-thresholds.ts";

export type AdjustmentResult =
  | { status: "applied"; userId: string; amount: string; balance: string }
  | { status: "pending"; userId: string; amount: string; pendingCreditId: string; approvalAbove: string; because: string };

/** The change itself, in the caller's transaction (adjustBalance, or an approved pending credit). */
export async function applyAdjustment(
  services: Deps,
  tx: DbTx,
  actor: AdminActor,
  { userId, signed, reason, requestedBy }: { userId: string; signed: Prisma.Decimal; reason: string; requestedBy?: string },
): Promise<AdjustmentResult & { status: "applied" }> {
  if (!(await tx.user.findUnique({ where: { id: userId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", `No account ${userId}.`);
  // The UPDATE locks the wallet row; the condition is checked under that lock, so two
  // debits cannot both pass on the same money.
  const [row] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal; before: Prisma.Decimal }>>`
    UPDATE wallet SET balance = balance + ${signed}, "updatedAt" = now()
    WHERE "userId" = ${userId} AND balance + ${signed} >= 0
    RETURNING balance, balance - ${signed} AS before`;
  if (!row) {
    const wallet = await tx.wallet.findUnique({ where: { userId } });
    if (!wallet) throw new AppError("NOT_FOUND", `Account ${userId} has no wallet.`);
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      `A debit of ${displayMoney(formatMoney(signed.abs()))} would take the balance (${displayMoney(formatMoney(wallet.balance))}) below zero.`,
    );
  }
  const after = new Prisma.Decimal(row.balance);
  await tx.ledgerEntry.create({ data: { userId, kind: "ADJUSTMENT", amount: signed, balanceAfter: after, note: reason } });
  await writeAdminLog(
    services,
    actor,
    {
      action: "wallet.adjusted",
      targetType: "account",
      targetId: userId,
      before: { balance: formatMoney(row.before) },
      after: {
        balance: formatMoney(after),
        amount: formatMoney(signed),
        reason,
        ...(requestedBy && { requestedBy: requestedBy }),
        // A credit applied alone records the thresholds in force, so the audit judges it by them.
        ...(!requestedBy &&
          signed.isPositive() && {
            approvalAbove: formatMoney(creditApprovalAbove()),
            dailyApprovalAbove: formatMoney(dailyCreditApprovalAbove()),
          }),
      },
    },
    { tx },
  );
  await recordAccountEvent(tx, userId, "wallet.changed", walletChange(after, signed, "ADJUSTMENT", reason));
  return { status: "applied", userId, amount: formatMoney(signed), balance: formatMoney(after) };
}
