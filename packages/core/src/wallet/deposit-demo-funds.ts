import { AppError } from "../errors.ts";
import { parseMoney } from "../money.ts";
import type { WalletBalance } from "../contract/wallet.ts";
import { creditWallet, getWalletBalance } from "./wallet.ts";
import { displayMoney } from "../contract/money-cents.ts";
import type { Deps } from "../runtime/deps.ts";

/** Play money only: caps one deposit so a typo cannot make balances absurd. */
export const DEMO_DEPOSIT_MAX = "1000.00";

export interface DepositDemoFundsInput {
  userId: string;
  /** An amount with at most two decimals, e.g. "10.00". */
  amount: string;
}

/** Credits play money to the account's wallet (a DEPOSIT entry noted "demo deposit"). */
export async function depositDemoFunds(services: Deps, { userId, amount }: DepositDemoFundsInput): Promise<WalletBalance> {
  let parsed;
  try {
    parsed = parseMoney(amount);
  } catch {
    throw new AppError("BAD_REQUEST", "The amount must be a number with at most two decimals, e.g. 10.00.");
  }
  if (parsed.isZero() || parsed.gt(DEMO_DEPOSIT_MAX)) {
    throw new AppError("BAD_REQUEST", `The amount must be more than $0.00 and at most ${displayMoney(DEMO_DEPOSIT_MAX)}.`);
  }
  await creditWallet(services, { userId, amount: parsed, kind: "DEPOSIT", note: "demo deposit" });
  return getWalletBalance(services, userId);
}
