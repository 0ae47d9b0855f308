import type { LedgerKind } from "@prizepacks/db";
import type { AccountEventData } from "../events/account-events.ts";
import { formatMoney, moneyToNumber, type Money } from "../money.ts";

/**
 * The data of a wallet.changed event: the new balance and what moved it. Every writer in
 * TypeScript builds it here; the opening's hot path builds the same in SQL, in open_pack
 * (the account_events migration), checked against this in account-events.db.test.ts.
 */
export function walletChange(balance: Money, amount: Money, reason: LedgerKind, note?: string): AccountEventData<"wallet.changed"> {
  return {
    balance: moneyToNumber(balance),
    balanceString: formatMoney(balance),
    amount: formatMoney(amount),
    reason,
    ...(note && { note }),
  };
}
