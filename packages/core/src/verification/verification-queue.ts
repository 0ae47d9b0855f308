import { z } from "zod";
import { Prisma } from "@prizepacks/db/prisma";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { getComplianceSettings } from "./compliance-settings.ts";

/** The queue's states: a check's own, and "required" (asked of the account, none started). */
export const VERIFICATION_QUEUE_STATES = ["pending", "retry", "rejected", "required"] as const;
export type VerificationQueueState = (typeof VERIFICATION_QUEUE_STATES)[number];

export const VerificationQueueFilterSchema = z.object({
  state: z.enum(VERIFICATION_QUEUE_STATES).optional(),
  limit: z.number().int().min(1).max(500).default(200),
});

export interface VerificationQueueRow {
  /** The account's id (one row per account). */
  id: string;
  userId: string;
  email: string;
  state: VerificationQueueState;
  /** Since when the account waits in this state: the check's last status change, or for "required" when it became required. */
  since: string;
  /** An operator asked for a check on this account (verification_request). */
  requested: boolean;
  blocksPlay: boolean;
  /** When the 30-day deposits (settled and still open, as verification_refusal counts them) reached the threshold; null below it. */
  dueDiligenceSince: string | null;
  rejectLabels: string[];
  demo: boolean;
}

export interface VerificationQueue {
  rows: VerificationQueueRow[];
  /** How many accounts wait in each state (the whole queue, not only the rows returned). */
  counts: Record<VerificationQueueState, number>;
  threshold: string;
}

interface QueueSqlRow {
  userId: string;
  email: string;
  state: VerificationQueueState;
  since: Date;
  requested: boolean;
  blocksPlay: boolean;
  dueSince: Date | null;
  rejectLabels: string[];
  provider: string | null;
}

/**
 * Every account in the queue. "Reached the threshold" is verification_refusal's own count
 * (settled deposits and open invoices of the last 30 days) where a deposit of 0.01 more would be
 * refused: the running total at the threshold. Its moment is the deposit that took it there, so
 * the age says how long the account has been over.
 */
const QUEUE_SQL = Prisma.sql`
  WITH settings AS (
    SELECT coalesce((SELECT s."dueDiligenceDeposits" FROM compliance_settings s WHERE s.id = 1), 2000.00) AS threshold
  ), deposits AS (
    SELECT x."userId", x.at, sum(x.amount) OVER (PARTITION BY x."userId" ORDER BY x.at, x.id) AS running
    FROM (
      SELECT d."userId", d.id, d.amount, d."createdAt" AS at FROM ledger_entry d
      WHERE d."kind" = 'DEPOSIT' AND d."createdAt" > now() - interval '30 days'
      UNION ALL
      SELECT p."userId", p.id, p.amount, p."createdAt" FROM deposit p
      WHERE p."status" = 'pending' AND p."createdAt" > now() - interval '30 days'
    ) x
  ), due AS (
    SELECT d."userId", min(d.at) AS since FROM deposits d, settings s WHERE d.running >= s.threshold GROUP BY d."userId"
  ), queue AS (
    SELECT u.id AS "userId", u.email, coalesce(v.status, 'required') AS state,
      CASE WHEN v.status IS NULL THEN least(r."createdAt", due.since) ELSE v."statusAt" END AS since,
      r."userId" IS NOT NULL AS requested, coalesce(r."blocksPlay", false) AS "blocksPlay", due.since AS "dueSince",
      coalesce(v."rejectLabels", '{}') AS "rejectLabels", v.provider
    FROM "user" u
    LEFT JOIN account_verification v ON v."userId" = u.id
    LEFT JOIN verification_request r ON r."userId" = u.id
    LEFT JOIN due ON due."userId" = u.id
    WHERE v.status IN ('pending', 'retry', 'rejected')
       OR (v.status IS NULL AND (r."userId" IS NOT NULL OR due."userId" IS NOT NULL))
  )`;

/**
 * The console's KYC queue (#37): every account whose check is pending, sent back (retry) or
 * refused for good, and every account a check is required of that has not started one (an
 * operator's request, or 30-day deposits at the due-diligence threshold), longest waiting first.
 * Accounts with a verified check never show.
 */
export async function listVerificationQueue(
  services: Deps,
  filter: z.input<typeof VerificationQueueFilterSchema> = {},
): Promise<VerificationQueue> {
  const { state, limit } = parseInputOrThrow(VerificationQueueFilterSchema, filter);
  const db = services.database.prisma;
  const [rows, totals, settings] = await Promise.all([
    db.$queryRaw<QueueSqlRow[]>`
      ${QUEUE_SQL}
      SELECT * FROM queue q WHERE ${state === undefined} OR q.state = ${state ?? ""}
      ORDER BY q.since, q."userId" LIMIT ${limit}`,
    db.$queryRaw<{ state: VerificationQueueState; total: number }[]>`
      ${QUEUE_SQL}
      SELECT q.state, count(*)::int AS total FROM queue q GROUP BY q.state`,
    getComplianceSettings(services),
  ]);
  const counts: Record<VerificationQueueState, number> = { pending: 0, retry: 0, rejected: 0, required: 0 };
  for (const row of totals) counts[row.state] = row.total;
  return {
    rows: rows.map((row) => ({
      id: row.userId,
      userId: row.userId,
      email: row.email,
      state: row.state,
      since: row.since.toISOString(),
      requested: row.requested,
      blocksPlay: row.blocksPlay,
      dueDiligenceSince: row.dueSince?.toISOString() ?? null,
      rejectLabels: row.rejectLabels,
      demo: row.provider === "demo",
    })),
    counts,
    threshold: settings.dueDiligenceDeposits,
  };
}
