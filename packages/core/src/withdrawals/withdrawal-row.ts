import type { DbTx } from "@prizepacks/db";
import type { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney } from "../money.ts";
import type { Withdrawal } from "../contract/withdrawals.ts";
import { walletChange } from "../wallet/wallet-change.ts";

/** States whose amount is still reserved: not yet paid, and not given back. */
export const OPEN_WITHDRAWAL_STATES = ["requested", "approved", "paying"] as const;

export type WithdrawalRow = Prisma.WithdrawalGetPayload<object>;

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    state: row.state as Withdrawal["state"],
    amount: formatMoney(row.amount),
    currency: row.currency,
    payoutMethodId: row.payoutMethodId as Withdrawal["payoutMethodId"],
    address: row.address,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/**
 * Ends a withdrawal whose money does not leave (rejected, or failed at the payout) and gives its
 * amount back with one WITHDRAWAL_RETURN entry. The state change is conditional on the row's
 * current (open) state and the entry is unique per withdrawal, so it happens exactly once.
 * Returns the updated row; throws CONFLICT when it was no longer open.
 */
export async function giveBack(
  tx: DbTx,
  row: WithdrawalRow,
  state: "rejected" | "failed",
  reason: string,
  decided: { decidedById?: string | null; decidedBy?: string | null; decidedAt?: Date } = {},
): Promise<WithdrawalRow> {
  const closed = await tx.withdrawal.updateMany({
    where: { id: row.id, state: { in: [...OPEN_WITHDRAWAL_STATES] } },
    data: { state, reason, ...decided },
  });
  if (closed.count === 0) throw new AppError("CONFLICT", "This withdrawal is no longer open.");
  const wallet = await tx.wallet.update({ where: { userId: row.userId }, data: { balance: { increment: row.amount } } });
  const note = `withdrawal ${state}: ${reason}`.slice(0, 500);
  await tx.ledgerEntry.create({
    data: { userId: row.userId, kind: "WITHDRAWAL_RETURN", amount: row.amount, balanceAfter: wallet.balance, note, withdrawalId: row.id },
  });
  const updated = await tx.withdrawal.findUniqueOrThrow({ where: { id: row.id } });
  await recordAccountEvent(tx, row.userId, state === "rejected" ? "withdrawal.rejected" : "withdrawal.failed", withdrawalView(updated));
  await recordAccountEvent(tx, row.userId, "wallet.changed", walletChange(wallet.balance, row.amount, "WITHDRAWAL_RETURN", note));
  return updated;
}
