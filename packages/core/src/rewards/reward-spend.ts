import { z } from "zod";
import { Prisma } from "@prizepacks/db/prisma";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { ReportQuerySchema } from "../reports/pack-reports.ts";
import type { Deps } from "../runtime/deps.ts";
import { readRewardSettings } from "./reward-settings.ts";

// The console's reward spend by day (#39): per UTC day and per source, what rewards paid in cash
// (the REWARD ledger entries, each naming its claim and so its source) and what they cost against
// the daily budget (the claims' cost: the cash, or a free opening's pack price, exactly what
// assertWithinBudget sums). Grouped by the source the rows carry, whatever it is, so a kind added
// later (commission) shows without a change here.

/** The reports' range (from, to: UTC days; at most two years); a pack does not apply. */
export const RewardSpendQuerySchema = ReportQuerySchema;

export interface RewardSpendBySource {
  source: string;
  claims: number;
  /** Σ REWARD ledger entries of these claims: the cash credited to wallets. */
  cash: string;
  /** Σ the claims' cost: what the budget counted (cash, or the packs' prices of free openings). */
  cost: string;
}

export interface RewardSpendDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  bySource: RewardSpendBySource[];
  claims: number;
  cash: string;
  cost: string;
}

export interface RewardSpendReport {
  from: string;
  to: string;
  /** The budget in force now (a day's past budget is in the admin log). */
  dailyBudget: string;
  /** Days with a claim, newest first. */
  days: RewardSpendDay[];
  /** The range's totals, per source. */
  total: { bySource: RewardSpendBySource[]; claims: number; cash: string; cost: string };
}

interface SpendRow {
  day: string;
  source: string;
  claims: bigint;
  cash: Prisma.Decimal;
  cost: Prisma.Decimal;
}

const sum = (rows: Array<{ claims: number; cash: string; cost: string }>) => ({
  claims: rows.reduce((total, row) => total + row.claims, 0),
  cash: formatMoney(rows.reduce((total, row) => total.plus(row.cash), new Prisma.Decimal(0))),
  cost: formatMoney(rows.reduce((total, row) => total.plus(row.cost), new Prisma.Decimal(0))),
});

/** Reward spend per UTC day and source over [from, to] (days inclusive), summed in numeric: exact to the cent. */
export async function getRewardSpend(services: Deps, input: z.input<typeof RewardSpendQuerySchema>): Promise<RewardSpendReport> {
  const { from, to } = parseInputOrThrow(RewardSpendQuerySchema, input);
  const db = services.database.prisma;
  const [rows, settings] = await Promise.all([
    db.$queryRaw<SpendRow[]>`
      SELECT to_char(date_trunc('day', c."createdAt"), 'YYYY-MM-DD') AS day, c.source,
             count(*) AS claims, coalesce(sum(e.amount), 0) AS cash, sum(c.cost) AS cost
      FROM reward_claim c LEFT JOIN ledger_entry e ON e."rewardClaimId" = c.id AND e.kind = 'REWARD'
      WHERE c."createdAt" >= ${from}::date AND c."createdAt" < ${to}::date + 1
      GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    readRewardSettings(db),
  ]);
  const days = new Map<string, RewardSpendBySource[]>();
  const bySourceTotal = new Map<string, RewardSpendBySource[]>();
  for (const row of rows) {
    const entry = { source: row.source, claims: Number(row.claims), cash: formatMoney(row.cash), cost: formatMoney(row.cost) };
    days.set(row.day, [...(days.get(row.day) ?? []), entry]);
    bySourceTotal.set(row.source, [...(bySourceTotal.get(row.source) ?? []), entry]);
  }
  const totalBySource = [...bySourceTotal.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, entries]) => ({ source, ...sum(entries) }));
  return {
    from,
    to,
    dailyBudget: settings.dailyBudget,
    days: [...days.entries()].map(([day, bySource]) => ({ day, bySource, ...sum(bySource) })),
    total: { bySource: totalBySource, ...sum(totalBySource) },
  };
}
