// Money travels as exact strings ("4.99"). Anything derived from it (a total, a net, an expected
// value, a percentage) is computed in integer cents, and cents are always a bigint: exact at any
// size, products of cents and tickets included (floats would make 3 × 4.99 = 14.969999999999999).

const MONEY = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** "4.99" → 499n; "-4.99", "25" and "2.5" too. Throws on anything else (more decimals, "$", ","). */
export function moneyToCents(amount: string): bigint {
  const match = MONEY.exec(amount);
  if (!match) throw new Error(`"${amount}" is not an amount with at most two decimals`);
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign ? -cents : cents;
}

/** 1497n → "14.97", -5n → "-0.05". */
export function centsToMoney(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** The exact total of `count` items costing `price` each, as a money string. */
export function multiplyMoney(price: string, count: number): string {
  return centsToMoney(moneyToCents(price) * BigInt(count));
}

/** A rational as a decimal string with `places` decimals, rounded half up. */
export function ratioText(numerator: bigint, denominator: bigint, places: number): string {
  const scale = 10n ** BigInt(places);
  const negative = numerator < 0n !== denominator < 0n && numerator !== 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const scaled = (n * scale * 2n + d) / (2n * d);
  const whole = scaled / scale;
  const fraction = String(scaled % scale).padStart(places, "0");
  return `${negative ? "-" : ""}${whole}${places > 0 ? `.${fraction}` : ""}`;
}

/** `part` as a percentage of `whole`, rounded to one decimal, e.g. "77.6". */
export function moneyPercent(part: string, whole: string): string {
  const wholeCents = moneyToCents(whole);
  if (wholeCents === 0n) return "0.0";
  return ratioText(moneyToCents(part) * 100n, wholeCents, 1);
}

/** The one way an amount is shown to a player: "1234.5" or "1234.50" → "$1,234.50", "-4.99" → "-$4.99". */
export function displayMoney(amount: string | number): string {
  const cents = typeof amount === "number" ? BigInt(Math.round(amount * 100)) : moneyToCents(amount);
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? "-" : ""}$${(abs / 100n).toLocaleString("en-US")}.${String(abs % 100n).padStart(2, "0")}`;
}
