import type { BackgroundJob } from "../runtime/background-job.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { Deps } from "../runtime/deps.ts";

const BATCH = 10_000;
export const ROLLUP_INTERVAL_MS = 1_000;

/**
 * Moves opening tallies into pack_stats.spinCount: deletes a batch of spin_tally rows and adds
 * their count, in one statement, so each tally is counted exactly once. Instances may run it
 * at once: SKIP LOCKED gives each its own rows. Returns how many tallies were counted.
 */
export async function rollUpSpinCounts(services: Deps): Promise<number> {
  const sql = services.database.sql;
  let total = 0;
  for (;;) {
    const [row] = await sql.query<{ moved: string }>(
      `WITH moved AS (
         DELETE FROM spin_tally WHERE id IN (SELECT id FROM spin_tally ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING "packId"
       ), counts AS (
         SELECT "packId", COUNT(*) AS n FROM moved GROUP BY "packId"
       ), added AS (
         INSERT INTO pack_stats ("packId", "spinCount", "updatedAt")
         SELECT "packId", n, now() FROM counts
         ON CONFLICT ("packId") DO UPDATE SET "spinCount" = pack_stats."spinCount" + EXCLUDED."spinCount", "updatedAt" = now()
       )
       SELECT COUNT(*)::text AS moved FROM moved`,
      [BATCH],
    );
    const moved = Number(row?.moved ?? 0);
    total += moved;
    if (moved < BATCH) return total;
  }
}

/** Runs the rollup every second until the database closes; failures wait for the next tick. */
export function startSpinCountRollup(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "spin-count",
    failure: "rollup failed, retrying every second",
    everyMs: ROLLUP_INTERVAL_MS,
    pass: () => rollUpSpinCounts(services),
    quietRepeats: true,
  });
}
