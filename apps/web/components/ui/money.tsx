import { displayMoney } from "@prizepacks/core/contract";

/**
 * An amount of play money, always shown the same way ("$1,234.50"). `signed`: a change of money,
 * "+$3.00" in the gain colour, "-$1.49" in the loss colour, and a zero as a plain "$0.00" (neither
 * a gain nor a loss).
 */
export function Money({ amount, signed = false, className = "" }: { amount: string | number; signed?: boolean; className?: string }) {
  const text = displayMoney(amount);
  const zero = /^-?\$0\.00$/.test(text);
  const tone = !signed || zero ? "" : text.startsWith("-") ? "negative" : "positive";
  const shown = zero ? text.replace(/^-/, "") : tone === "positive" ? `+${text}` : text;
  return <span className={["money", tone, className].filter(Boolean).join(" ")}>{shown}</span>;
}
