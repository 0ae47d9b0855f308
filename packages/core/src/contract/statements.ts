import { z } from "zod";
import { IsoTimestamp, MoneyString } from "./fields.ts";

// Years 1900 to 2999: PostgreSQL has no year 0, and a range ending in 9999-12 would reach into
// year 10000; neither is a statement anyone asks for, and both must be a 400, not a 500.
/** A calendar month, UTC. */
const MONTH_PATTERN = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;
/** A calendar day, UTC; checked to exist (no 2026-02-30) by parseDay. */
const DAY_PATTERN = /^(19|2\d)\d{2}-\d{2}-\d{2}$/;

export const MonthlyStatementInputSchema = z.object({
  month: z
    .string()
    .regex(MONTH_PATTERN, "month must be a month as YYYY-MM, e.g. 2026-11")
    .optional()
    .meta({ description: "The calendar month (UTC) as YYYY-MM; the current month when left out.", example: "2026-11" }),
});
export type MonthlyStatementInput = z.input<typeof MonthlyStatementInputSchema>;

export const MonthlyStatementSchema = z
  .object({
    month: z.string().meta({ example: "2026-11" }),
    from: IsoTimestamp.meta({ description: "The month's first moment (UTC), included." }),
    to: IsoTimestamp.meta({ description: "The next month's first moment (UTC), excluded." }),
    openingBalance: MoneyString.meta({ description: "The balance when the month began." }),
    closingBalance: MoneyString.meta({ description: "The balance when it ended (or now, for the current month)." }),
    openings: z.number().int().min(0).meta({ description: "Packs opened in the month.", example: 1 }),
    wagered: MoneyString.meta({
      description:
        "What every game cost: prices paid for openings, plus battle entries less entries given back (battles is the battles' part). Changed on 2026-11-28: it counted openings only, with battles a line of its own beside it; it now includes battles, so do not subtract battles again.",
    }),
    won: MoneyString.meta({
      description:
        "Values of the items won in every game, openings and battles (battles' items included since 2026-11-28), each at the moment it was won. Items go to the inventory, not the balance.",
    }),
    net: MoneyString.meta({ description: "won − wagered, battles included: negative when the month lost money." }),
    deposits: MoneyString,
    withdrawals: MoneyString.meta({
      description: "Money withdrawn: reserved for withdrawals in the month, less what was given back (rejected, failed or cancelled).",
    }),
    sales: MoneyString.meta({ description: "What items sold back brought in." }),
    adjustments: MoneyString.meta({ description: "Credits and debits by an operator, signed." }),
    rewards: MoneyString.meta({ description: "Rewards paid in cash (rakeback), never counted as deposits.", example: "1.27" }),
    shipping: MoneyString.meta({
      description: "Shipping fees paid for deliveries requested in the month, less fees given back (cancelled or rejected shipments).",
    }),
    battles: MoneyString.meta({
      description:
        "Of wagered, the battles' part: entries paid in the month, less entries given back (cancelled battles, seats left). Already in wagered: not a line of its own.",
    }),
  })
  .meta({
    id: "MonthlyStatement",
    description:
      "openingBalance + deposits − withdrawals + sales + adjustments + rewards − shipping − wagered = closingBalance, to the cent, for every month.",
  });
export type MonthlyStatement = z.infer<typeof MonthlyStatementSchema>;

const Day = (name: "from" | "to") =>
  z
    .string()
    .regex(DAY_PATTERN, `${name} must be a date as YYYY-MM-DD`)
    .refine((value) => parseDay(value) !== null, `${name} must be a date that exists`);

/** The CSV export's range: whole UTC days, both included. */
export const LedgerExportInputSchema = z
  .object({ from: Day("from"), to: Day("to") })
  .refine(({ from, to }) => from <= to, { path: ["to"], message: "to must not be before from" });
export type LedgerExportInput = z.input<typeof LedgerExportInputSchema>;

/** The UTC midnight starting a YYYY-MM-DD day, or null for a day that does not exist. */
export function parseDay(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}
