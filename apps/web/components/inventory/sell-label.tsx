import { displayMoney } from "@prizepacks/core/contract";

/**
 * A sale button's words: "Sell $12.50" on screen, "Sell Earbuds for $12.50" to a screen reader
 * (the visible words stay in the name, in order, so voice control finds the button by them).
 */
export function SellLabel({ verb = "Sell", name, amount }: { verb?: string; name: string; amount: string }) {
  return (
    <>
      {verb} <span className="visually-hidden">{name} for </span>
      <span className="money">{displayMoney(amount)}</span>
    </>
  );
}
