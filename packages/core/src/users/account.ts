import { AppError } from "../errors.ts";
import { formatMoney, moneyToNumber } from "../money.ts";
import type { Account } from "../contract/account.ts";
import { getBalance } from "../wallet/wallet.ts";
import type { Deps } from "../runtime/deps.ts";

export async function getAccount(services: Deps, userId: string): Promise<Account> {
  const db = services.database.prisma;
  const [user, balance] = await Promise.all([db.user.findUnique({ where: { id: userId } }), getBalance(services, userId)]);
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
