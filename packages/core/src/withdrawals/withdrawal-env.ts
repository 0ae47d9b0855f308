import { z } from "zod";

const amount = (name: string) =>
  z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `${name} must be an amount with at most two decimals, e.g. 10.00`);

const schema = z.object({
  /** The smallest withdrawal. */
  WITHDRAWAL_MIN: amount("WITHDRAWAL_MIN").default("10.00"),
  /** The most one account may withdraw in any 24 hours (requested, not rejected or failed). */
  WITHDRAWAL_DAILY_MAX: amount("WITHDRAWAL_DAILY_MAX").default("2000.00"),
});

export type WithdrawalEnv = z.infer<typeof schema>;

let cached: WithdrawalEnv | undefined;

/** The withdrawal settings, read once (BTCPay's own are depositEnv's: one store takes money in and pays it out). */
export function withdrawalEnv(): WithdrawalEnv {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, process.env[key] || undefined]));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid withdrawal environment: ${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  return cached;
}
