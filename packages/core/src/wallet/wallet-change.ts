import type { LedgerKind } from "@prizepacks/db";
import { formatMoney, moneyToNumber, type Money } from "../money.ts";

/** The data of a wallet.changed event: the new balance and what moved it. */
export function walletChange(balance: Money, amount: Money, reason: LedgerKind, note?: string) {
  return { balance: moneyToNumber(balance), balanceString: formatMoney(balance), amount: formatMoney(amount), reason, ...(note && { note }) };
}
