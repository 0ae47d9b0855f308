import { moneyToCents } from "@prizepacks/core/contract";

/** 0: no celebration (the item is worth the price or less: no loss dressed up as a win); 1–3 grows with value ÷ price. */
export type Celebration = 0 | 1 | 2 | 3;

export function celebrationFor(value: string, price: string): Celebration {
  const valueCents = moneyToCents(value);
  const priceCents = moneyToCents(price);
  if (valueCents <= priceCents) return 0;
  if (valueCents >= priceCents * 10n) return 3;
  if (valueCents >= priceCents * 3n) return 2;
  return 1;
}

/** What an outcome is called: "You won" only when it is worth more than it cost, "You got" otherwise. */
export function outcomeVerb(value: string, price: string): "You won" | "You got" {
  return celebrationFor(value, price) > 0 ? "You won" : "You got";
}
