import type { DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { formatMoney, moneyToNumber } from "../money.ts";
import type { Account } from "../schemas.ts";
import { getBalance } from "../wallet/wallet.ts";

export async function getAccount(db: DbTx, userId: string): Promise<Account> {
  const [user, balance] = await Promise.all([db.user.findUnique({ where: { id: userId } }), getBalance(db, userId)]);
  if (!user) throw new AppError("NOT_FOUND", "Account not found.");
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    balance: moneyToNumber(balance),
    balanceString: formatMoney(balance),
    createdAt: user.createdAt.toISOString(),
  };
}
