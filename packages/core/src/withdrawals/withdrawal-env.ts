import { z } from "zod";
import { isDemoMode } from "../service-env.ts";

const amount = (name: string) =>
  z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `${name} must be an amount with at most two decimals, e.g. 10.00`);

const schema = z.object({
  /** The smallest withdrawal. */
  WITHDRAWAL_MIN: amount("WITHDRAWAL_MIN").default("10.00"),
  /** The most one account may withdraw in any 24 hours (requested, not rejected or failed). */
  WITHDRAWAL_DAILY_MAX: amount("WITHDRAWAL_DAILY_MAX").default("2000.00"),
  /**
   * Hours from a payout destination's confirmation until it can be paid to (a stolen session
   * cannot add one and pay to it at once). Longer is honoured everywhere; shorter than the
   * default only in demo mode (development and the browser tests), 24 elsewhere.
   */
  PAYOUT_DESTINATION_DELAY_HOURS: z.coerce
    .number({ error: "PAYOUT_DESTINATION_DELAY_HOURS must be a whole number of hours, 0 to 720" })
    .int("PAYOUT_DESTINATION_DELAY_HOURS must be a whole number of hours, 0 to 720")
    .min(0, "PAYOUT_DESTINATION_DELAY_HOURS must be a whole number of hours, 0 to 720")
    .max(720, "PAYOUT_DESTINATION_DELAY_HOURS must be a whole number of hours, 0 to 720")
    .default(24),
});

/** The least delay outside demo mode, and the default. */
export const DESTINATION_USABLE_AFTER_HOURS = 24;

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

/** Hours from a destination's confirmation until it is usable: PAYOUT_DESTINATION_DELAY_HOURS, never under 24 outside demo mode. */
export function destinationUsableAfterHours(): number {
  const hours = withdrawalEnv().PAYOUT_DESTINATION_DELAY_HOURS;
  return isDemoMode() ? hours : Math.max(hours, DESTINATION_USABLE_AFTER_HOURS);
}

/** How a page says when a confirmed destination becomes usable: "24 hours after you confirm it". */
export function usableAfterText(hours: number, after = "you confirm it"): string {
  if (hours === 0) return `as soon as ${after}`;
  return `${hours} ${hours === 1 ? "hour" : "hours"} after ${after}`;
}
