// Money arrives as exact strings ("4.99"). Anything derived from it (a total for several
// packs, a sort order, a percentage) is computed in integer cents: 3 × 4.99 in floats is
// 14.969999999999999.

const MONEY_STRING = /^(-?)(\d+)\.(\d{2})$/;

/** "4.99" → 499. Throws on anything that is not a two-decimal money string. */
export function moneyToCents(amount: string): number {
  const match = MONEY_STRING.exec(amount);
  if (!match) throw new Error(`"${amount}" is not a money string with two decimals`);
  const [, sign, whole, fraction] = match;
  const cents = Number(whole) * 100 + Number(fraction);
  return sign === "-" ? -cents : cents;
}

/** 1497 → "14.97". */
export function centsToMoney(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** The exact total of `count` items costing `price` each, as a money string. */
export function multiplyMoney(price: string, count: number): string {
  return centsToMoney(moneyToCents(price) * count);
}

/** `part` as a percentage of `whole`, rounded to one decimal, e.g. "77.6". */
export function moneyPercent(part: string, whole: string): string {
  const wholeCents = moneyToCents(whole);
  if (wholeCents === 0) return "0.0";
  const tenths = Math.round((moneyToCents(part) * 1000) / wholeCents);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** The one way a money string is shown to a player: "1234.5" or "1234.50" → "$1,234.50", "-4.99" → "-$4.99". */
export function displayMoney(amount: string | number): string {
  const cents = typeof amount === "number" ? Math.round(amount * 100) : moneyToCents(/^-?\d+\.\d$/.test(amount) ? `${amount}0` : /^-?\d+$/.test(amount) ? `${amount}.00` : amount);
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100).toLocaleString("en-US");
  return `${cents < 0 ? "-" : ""}$${whole}.${String(absolute % 100).padStart(2, "0")}`;
}
