import type { SqlQuery } from "@prizepacks/db";

/** What the background jobs have yet to do, as of one snapshot of the database. */
export interface Backlogs {
  /** Pending deliveries to enabled endpoints (a disabled endpoint's wait for it to come back). */
  webhookPending: number;
  /** Age of the oldest of those: a receiver that keeps failing holds it up to a day, by design. */
  webhookOldestPendingSeconds: number;
  /** How long the most overdue of them has been due: the delivery job's own lag. */
  webhookOverdueSeconds: number;
  /** Openings not yet added to pack_stats (the rollup takes them every second). */
  spinTallyPending: number;
  /** Age of the oldest spin or sale the report rollup has not taken yet (it stays a minute behind on purpose). */
  reportRollupLagSeconds: number;
  /** Battles locked for more than a minute: their beacon round should long exist (the beacon is down, or the settler is). */
  battlesLockedOverAMinute: number;
  /** Age of the oldest outcome not yet in the transparency log (the appender takes them every second). */
  transparencyLagSeconds: number;
}

/**
 * One statement for every backlog, each read through an index: the pending deliveries through
 * the partial index on pending rows, the report rollup's first un-rolled spin per pack through
 * spin ("packId", "createdAt") and its first sale through the partial ledger index. spin_tally
 * holds about a second of openings. Timestamps are UTC without zone, as the rollup reads them.
 */
export async function readBacklogs(sql: SqlQuery): Promise<Backlogs> {
  const [row] = await sql.query<Record<keyof Backlogs, number | string | null>>(
    `WITH now_utc AS (SELECT now() AT TIME ZONE 'UTC' AS at),
     pending AS (
       SELECT count(*) AS n, min(d."createdAt") AS oldest,
              min(d."nextAttemptAt") FILTER (WHERE d."nextAttemptAt" <= (SELECT at FROM now_utc)) AS "oldestDue"
       FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d."endpointId"
       WHERE d.status = 'pending' AND w.enabled
     ),
     watermark AS (SELECT "rolledUpTo" AS lo FROM report_rollup WHERE id = 1),
     unrolled AS (
       SELECT LEAST(
         (SELECT min(m) FROM pack p CROSS JOIN LATERAL (
            SELECT min(s."createdAt") AS m FROM spin s WHERE s."packId" = p.id AND s."createdAt" >= (SELECT lo FROM watermark)) x),
         (SELECT min("createdAt") FROM ledger_entry WHERE kind = 'ITEM_SALE' AND "createdAt" >= (SELECT lo FROM watermark))
       ) AS oldest
     )
     SELECT pending.n::int AS "webhookPending",
            COALESCE(EXTRACT(EPOCH FROM (SELECT at FROM now_utc) - pending.oldest), 0)::float8 AS "webhookOldestPendingSeconds",
            COALESCE(EXTRACT(EPOCH FROM (SELECT at FROM now_utc) - pending."oldestDue"), 0)::float8 AS "webhookOverdueSeconds",
            (SELECT count(*) FROM spin_tally)::int AS "spinTallyPending",
            COALESCE(EXTRACT(EPOCH FROM (SELECT at FROM now_utc) - unrolled.oldest), 0)::float8 AS "reportRollupLagSeconds",
            (SELECT count(*) FROM battle WHERE status = 'locked' AND "lockedAt" < (SELECT at FROM now_utc) - interval '1 minute')::int
              AS "battlesLockedOverAMinute",
            COALESCE(EXTRACT(EPOCH FROM (SELECT at FROM now_utc)
              - (SELECT min("createdAt") FROM transparency_entry WHERE "leafIndex" IS NULL)), 0)::float8 AS "transparencyLagSeconds"
     FROM pending, unrolled`,
  );
  return {
    webhookPending: Number(row?.webhookPending ?? 0),
    webhookOldestPendingSeconds: Math.max(0, Number(row?.webhookOldestPendingSeconds ?? 0)),
    webhookOverdueSeconds: Math.max(0, Number(row?.webhookOverdueSeconds ?? 0)),
    spinTallyPending: Number(row?.spinTallyPending ?? 0),
    reportRollupLagSeconds: Math.max(0, Number(row?.reportRollupLagSeconds ?? 0)),
    battlesLockedOverAMinute: Number(row?.battlesLockedOverAMinute ?? 0),
    transparencyLagSeconds: Math.max(0, Number(row?.transparencyLagSeconds ?? 0)),
  };
}
