import { displayMoney } from "@prizepacks/core/contract";

/** An amount of play money, always shown the same way ("$1,234.50"); `signed` adds "+" to credits. */
export function Money({ amount, signed = false, className = "" }: { amount: string | number; signed?: boolean; className?: string }) {
  const text = displayMoney(amount);
  const credit = signed && !text.startsWith("-");
  return <span className={`money${className ? ` ${className}` : ""}`}>{credit ? `+${text}` : text}</span>;
}
