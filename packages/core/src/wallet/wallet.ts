import { Prisma } from "@prizepacks/db/prisma";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney, moneyToNumber, type Money } from "../money.ts";
import type { WalletBalance } from "../contract/wallet.ts";
import { recordLimitHit } from "../protection/protection-events.ts";
import { queueHarmEvaluation } from "../harm/evaluate.ts";
import { protectionRefusalError, type ProtectionRefusal } from "../protection/protection-refusal.ts";
import { walletChange } from "./wallet-change.ts";
import type { Deps } from "../runtime/deps.ts";

export async function getBalance(services: Deps, userId: string): Promise<Money> {
  const db = services.database.prisma;
  const wallet = await db.wallet.findUnique({ where: { userId } });
  return wallet?.balance ?? new Prisma.Decimal(0);
}

/** The balance, and the withdrawals reserved from it that are not yet paid or given back. */
export async function getWalletBalance(services: Deps, userId: string): Promise<WalletBalance> {
  const db = services.database.prisma;
  const [balance, pending] = await Promise.all([
    getBalance(services, userId),
    db.withdrawal.aggregate({ where: { userId, state: { in: ["requested", "approved", "paying"] } }, _sum: { amount: true } }),
  ]);
  return {
    balance: moneyToNumber(balance),
    balanceString: formatMoney(balance),
    pendingWithdrawals: formatMoney(pending._sum.amount ?? new Prisma.Decimal(0)),
  };
}

export interface CreditWalletInput {
  userId: string;
  amount: Money;
  kind?: "DEPOSIT" | "ADJUSTMENT";
  note?: string;
}

/** Adds money to a wallet and records the ledger entry, in one transaction; a deposit only if player protection allows it. */
export async function creditWallet(services: Deps, { userId, amount, kind = "DEPOSIT", note }: CreditWalletInput): Promise<Money> {
  const db = services.database.prisma;
  if (!amount.isPositive() || amount.isZero()) throw new AppError("BAD_REQUEST", "The amount must be positive.");
  const credit = db.$transaction(async (tx) => {
    // Upsert takes the row lock, so concurrent credits and debits serialize on the wallet.
    const wallet = await tx.wallet.upsert({
      where: { userId },
      create: { userId, balance: amount },
      update: { balance: { increment: amount } },
    });
    if (kind === "DEPOSIT") {
      // Under the wallet lock just taken: the deposit rule of every channel (exclusions, deposit
      // limits, the identity check), so concurrent deposits cannot together pass a limit.
      const [check] = await tx.$queryRaw<Array<{ refusal: ProtectionRefusal | null }>>`
        SELECT deposit_refusal(${userId}, ${amount.toFixed(2)}::numeric) AS refusal`;
      if (check?.refusal) throw protectionRefusalError(check.refusal);
    }
    await tx.ledgerEntry.create({ data: { userId, kind, amount, balanceAfter: wallet.balance, note } });
    await recordAccountEvent(tx, userId, "wallet.changed", walletChange(wallet.balance, amount, kind, note));
    if (kind === "DEPOSIT") await queueHarmEvaluation(tx, userId);
    return wallet.balance;
  });
  return credit.catch(async (error: unknown) => {
    // The refusal rolled the deposit back; the hit is recorded apart, after it.
    if (error instanceof AppError && error.code === "LIMIT_REACHED") await recordLimitHit(db, userId, error, "deposit");
    throw error;
  });
}
