import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { HARM_MARKERS } from "../contract/harm.ts";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { Deps } from "../runtime/deps.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import { evaluateMarkers, type MarkerHit, type Thresholds } from "./markers.ts";

/** How often each instance looks for accounts waiting to be evaluated. */
export const HARM_EVALUATION_INTERVAL_MS = 5_000;
/**
 * An account queued by its plays waits this long after its last evaluation: the play markers
 * (night play, long sessions, limits reached) are about hours and days, and an evaluation costs a
 * dozen queries and about 6 ms of the server's JavaScript, so re-evaluating every playing account
 * every few seconds grows with the accounts playing, not with what changed. Money moving is
 * evaluated on the next pass.
 */
export const PLAY_COOLDOWN_SECONDS = 60;
const BATCH = 50;
/**
 * The nightly pass re-evaluates every account whose wallet moved (every play, deposit and
 * withdrawal updates it: one row per account, no scan of the ledger) or that had a protection
 * event this recently.
 */
const NIGHTLY_ACTIVITY_DAYS = 31;
/** …from this UTC hour on, once per UTC day (whichever instance claims the day first). */
const NIGHTLY_FROM_UTC_HOUR = 3;

/**
 * Queues an account for the markers on the next pass, whatever its cooldown (inside the caller's
 * transaction, so it commits with the deposit, withdrawal or limit change that asked for it).
 * paid_play queues every play in SQL, not urgent: ON CONFLICT DO NOTHING, so an account already
 * waiting costs an index probe and writes nothing, and keeps its urgency.
 */
export async function queueHarmEvaluation(tx: DbTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO harm_pending ("userId", urgent) VALUES (${userId}, true)
    ON CONFLICT ("userId") DO UPDATE SET urgent = true WHERE NOT harm_pending.urgent`;
}

async function readRules(tx: DbTx): Promise<{ thresholds: Thresholds; timeZone: string }> {
  const [rules, settings] = await Promise.all([tx.harmMarkerRule.findMany(), tx.harmSettings.findUnique({ where: { id: 1 } })]);
  const byMarker = new Map(rules.map((rule) => [rule.marker, rule.threshold]));
  const thresholds = Object.fromEntries(
    HARM_MARKERS.map((marker) => {
      const threshold = byMarker.get(marker);
      if (!threshold) throw new Error(`harm_marker_rule has no row for ${marker}`);
      return [marker, threshold];
    }),
  ) as Thresholds;
  return { thresholds, timeZone: settings?.timeZone ?? "UTC" };
}

/**
 * Records hits. Dedup: harm_hit is unique on (account, marker, key), so an event already
 * counted adds nothing, whether its case is open or closed; a new event adds a hit to the
 * account's open case of that marker (one at most: a partial unique index), or opens one.
 * Returns the hits that were new.
 */
async function recordHits(tx: DbTx, userId: string, hits: MarkerHit[]): Promise<MarkerHit[]> {
  const added: MarkerHit[] = [];
  for (const hit of hits) {
    const seen = await tx.harmHit.findUnique({ where: { userId_marker_key: { userId, marker: hit.marker, key: hit.key } } });
    if (seen) continue;
    // Locked: a close committed meanwhile is seen (the row no longer matches) and a new case opens.
    const [open] = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT id FROM harm_case WHERE "userId" = ${userId} AND marker = ${hit.marker} AND status = 'open' FOR UPDATE`;
    let caseId = open?.id;
    if (caseId) {
      await tx.$executeRaw`UPDATE harm_case SET hits = hits + 1, "lastHitAt" = now() WHERE id = ${caseId}`;
    } else {
      caseId = newId();
      await tx.harmCase.create({ data: { id: caseId, userId, marker: hit.marker } });
    }
    await tx.harmHit.create({
      data: { id: newId(), caseId, userId, marker: hit.marker, key: hit.key, facts: hit.facts as Prisma.InputJsonValue },
    });
    added.push(hit);
  }
  return added;
}

/**
 * Evaluates every marker of one account and records the new hits, in one transaction that holds
 * the account's advisory lock: two evaluations of one account (the job on two instances, the
 * nightly pass) take turns, so they never both open a case for one event. Nothing here refuses
 * or changes anything for the player: a hit is for an operator to look at.
 */
export async function evaluateAccount(services: Deps, userId: string): Promise<MarkerHit[]> {
  return services.database.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('harm:' || ${userId}, 0))`;
    await tx.$executeRaw`
      INSERT INTO harm_evaluated ("userId", "evaluatedAt") VALUES (${userId}, now() AT TIME ZONE 'UTC')
      ON CONFLICT ("userId") DO UPDATE SET "evaluatedAt" = excluded."evaluatedAt"`;
    const { thresholds, timeZone } = await readRules(tx);
    return recordHits(tx, userId, await evaluateMarkers(tx, userId, thresholds, timeZone));
  });
}

/**
 * Claims up to BATCH waiting accounts that are due (urgent, or evaluated PLAY_COOLDOWN_SECONDS
 * ago or never) and evaluates them; the others wait for a later pass. The claim deletes the rows
 * (FOR UPDATE SKIP LOCKED hands each to one instance) in a statement of its own, so a play that
 * queues the account again meanwhile inserts a new row and is evaluated by a later pass; the
 * plays' insert waits only for that one short statement. An evaluation that fails puts its
 * account and the rest of the batch back, each as urgent as it was (or as a play or deposit
 * meanwhile made it), then throws: the job retries on its next pass. Returns how many accounts
 * were evaluated.
 */
export async function evaluatePendingAccounts(services: Deps, stopping?: AbortSignal): Promise<number> {
  const db = services.database.prisma;
  let total = 0;
  for (;;) {
    const claimed = await db.$queryRaw<Array<{ userId: string; urgent: boolean }>>`
      DELETE FROM harm_pending WHERE "userId" IN (
        SELECT p."userId" FROM harm_pending p LEFT JOIN harm_evaluated e ON e."userId" = p."userId"
        WHERE p.urgent OR e."evaluatedAt" IS NULL OR e."evaluatedAt" <= (now() AT TIME ZONE 'UTC') - make_interval(secs => ${PLAY_COOLDOWN_SECONDS})
        ORDER BY p."markedAt" LIMIT ${BATCH} FOR UPDATE OF p SKIP LOCKED
      ) RETURNING "userId", urgent`;
    for (const [position, { userId }] of claimed.entries()) {
      try {
        await evaluateAccount(services, userId);
      } catch (error) {
        const unevaluated = claimed.slice(position);
        await db.$executeRaw`
          INSERT INTO harm_pending ("userId", urgent)
          SELECT * FROM unnest(${unevaluated.map((row) => row.userId)}::text[], ${unevaluated.map((row) => row.urgent)}::boolean[])
          ON CONFLICT ("userId") DO UPDATE SET urgent = harm_pending.urgent OR excluded.urgent`;
        throw error;
      }
      total++;
    }
    if (claimed.length < BATCH || stopping?.aborted) return total;
  }
}

/**
 * Once per UTC day (from NIGHTLY_FROM_UTC_HOUR), one instance queues every account with activity
 * in the last NIGHTLY_ACTIVITY_DAYS: markers that change with time alone (a run of days, a night
 * count, a window that moves) are looked at even without a new play. The day is claimed by
 * updating harm_settings.nightlyRanOn, so one instance does it. Returns how many were queued.
 */
export async function queueNightlyEvaluation(services: Deps, now = new Date()): Promise<number> {
  if (now.getUTCHours() < NIGHTLY_FROM_UTC_HOUR) return 0;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return services.database.prisma.$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE harm_settings SET "nightlyRanOn" = ${today}::date WHERE id = 1 AND ("nightlyRanOn" IS NULL OR "nightlyRanOn" < ${today}::date)`;
    if (claimed === 0) return 0;
    return tx.$executeRaw`
      INSERT INTO harm_pending ("userId")
      SELECT "userId" FROM wallet WHERE "updatedAt" > now() - make_interval(days => ${NIGHTLY_ACTIVITY_DAYS}::int)
      UNION SELECT DISTINCT "userId" FROM protection_event WHERE "createdAt" > now() - make_interval(days => ${NIGHTLY_ACTIVITY_DAYS}::int)
      ON CONFLICT ("userId") DO NOTHING`;
  });
}

/** Every instance: the nightly queueing when due, then the waiting accounts, every few seconds. */
export function startHarmEvaluation(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "harm",
    failure: "markers of harm pass failed, retrying",
    everyMs: HARM_EVALUATION_INTERVAL_MS,
    pass: async (stopping) => {
      await queueNightlyEvaluation(services);
      await evaluatePendingAccounts(services, stopping);
    },
    quietRepeats: true,
  });
}
