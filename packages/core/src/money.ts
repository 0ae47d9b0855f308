import { Prisma } from "@prizepacks/db/prisma";

export type Money = Prisma.Decimal;
type MoneyLike = Prisma.Decimal | string | number;
export const Money = Prisma.Decimal;

/** "4.99": two decimals, as money travels in JSON. */
export function formatMoney(amount: MoneyLike): string {
  return new Prisma.Decimal(amount).toFixed(2);
}

/** A JSON number, only where the contract says number (balanceAfter, balance, maxItemValue). */
export function moneyToNumber(amount: MoneyLike): number {
  return Number(new Prisma.Decimal(amount).toFixed(2));
}

const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** Parses a positive-or-zero amount with at most two decimals, e.g. "25" or "25.00". */
export function parseMoney(text: string): Prisma.Decimal {
  if (!MONEY_PATTERN.test(text)) throw new Error(`"${text}" is not an amount with at most two decimals`);
  return new Prisma.Decimal(text);
}
