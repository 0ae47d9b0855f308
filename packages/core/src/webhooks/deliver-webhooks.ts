import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Database, SqlQuery } from "@prizepacks/db";
import { serviceEnv, webhooksMayTargetPrivateAddresses } from "../service-env.ts";
import { SIGNATURE_HEADER, signWebhookPayload } from "./signature.ts";
import { publicOnlyLookup } from "./webhook-target.ts";

const BATCH = 50;
/** Requests in flight per instance: a slow receiver holds one slot, not the whole queue. */
const MAX_IN_FLIGHT = 100;
const POLL_MS = 500;
const FLUSH_MS = 50;
/** A claimed delivery belongs to one instance for this long; after a crash another takes it. */
const LEASE_SECONDS = 60;
/** How long a receiver has to answer a delivery. */
export const WEBHOOK_REQUEST_TIMEOUT_MS = 10_000;
/** Deliveries are retried for a day after the event; then they fail and the endpoint is marked failing. */
const GIVE_UP_AFTER_MS = 24 * 3600_000;

interface DueDelivery extends Record<string, unknown> {
  id: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  endpointId: string;
  eventId: string;
  type: string;
  eventCreatedAt: Date;
  data: unknown;
}

/**
 * Claims due deliveries for this instance: FOR UPDATE SKIP LOCKED hands each row to exactly one
 * of the instances polling at once, and the lease keeps it theirs while the request runs.
 */
async function claimDueDeliveries(sql: SqlQuery, limit: number): Promise<DueDelivery[]> {
  return sql.query<DueDelivery>(
    `WITH due AS (
       SELECT d.id FROM webhook_delivery d JOIN webhook_endpoint w ON w.id = d."endpointId"
       WHERE d.status = 'pending' AND d."nextAttemptAt" <= now() AND (d."lockedUntil" IS NULL OR d."lockedUntil" < now()) AND w.enabled
       ORDER BY d."nextAttemptAt" LIMIT $1 FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_delivery d SET "lockedUntil" = now() + make_interval(secs => $2::int), attempts = d.attempts + 1
     FROM due, webhook_endpoint w, account_event e
     WHERE d.id = due.id AND w.id = d."endpointId" AND e.id = d."eventId"
     RETURNING d.id::text AS id, d.attempts, d."createdAt", w.url, w.secret, w.id AS "endpointId",
               e.id::text AS "eventId", e.type, e."createdAt" AS "eventCreatedAt", e.data`,
    [limit, LEASE_SECONDS],
  );
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

function send(delivery: DueDelivery): Promise<Outcome> {
  const body = JSON.stringify({ id: delivery.eventId, type: delivery.type, createdAt: delivery.eventCreatedAt.toISOString(), data: delivery.data });
  const url = new URL(delivery.url);
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        timeout: WEBHOOK_REQUEST_TIMEOUT_MS,
        lookup: publicOnlyLookup({ allowPrivate: webhooksMayTargetPrivateAddresses() }),
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "prizepacks-webhooks/1.0",
          "prizepacks-event-id": delivery.eventId,
          "prizepacks-event-type": delivery.type,
          "prizepacks-delivery-id": delivery.id,
          [SIGNATURE_HEADER.toLowerCase()]: signWebhookPayload(delivery.secret, body),
        },
      },
      (res) => {
        res.resume(); // the receiver's body is of no use to us
        const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
        resolve({ ok, statusCode: res.statusCode ?? null, error: ok ? null : `HTTP ${res.statusCode}` });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${WEBHOOK_REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", (error) => resolve({ ok: false, statusCode: null, error: error.message.slice(0, 500) }));
    req.end(body);
  });
}

/** Seconds until the next attempt after `attempts` failed ones, or null once the day is over. */
export function retryDelaySeconds(attempts: number, createdAt: Date, now = Date.now()): number | null {
  const delays = serviceEnv().WEBHOOK_RETRY_DELAYS_SECONDS;
  const delaySeconds = delays[Math.min(attempts - 1, delays.length - 1)]!;
  return now + delaySeconds * 1000 - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : delaySeconds;
}

/** Successful deliveries, recorded in one statement for many (the common case under load). */
async function recordDelivered(sql: SqlQuery, deliveries: Array<{ delivery: DueDelivery; statusCode: number | null }>): Promise<void> {
  await sql.query(
    `WITH done AS (
       UPDATE webhook_delivery d SET status = 'delivered', "deliveredAt" = now(), "lockedUntil" = NULL, "lastStatusCode" = o.code, "lastError" = NULL
       FROM unnest($1::bigint[], $2::int[]) AS o(id, code) WHERE d.id = o.id)
     UPDATE webhook_endpoint SET "failingSince" = NULL WHERE id = ANY($3::text[]) AND "failingSince" IS NOT NULL`,
    [deliveries.map((d) => d.delivery.id), deliveries.map((d) => d.statusCode), [...new Set(deliveries.map((d) => d.delivery.endpointId))]],
  );
}

async function recordFailed(sql: SqlQuery, delivery: DueDelivery, outcome: Outcome): Promise<void> {
  const delaySeconds = retryDelaySeconds(delivery.attempts, delivery.createdAt);
  if (delaySeconds !== null) {
    await sql.query(
      `UPDATE webhook_delivery SET "nextAttemptAt" = now() + make_interval(secs => $2::int), "lockedUntil" = NULL, "lastStatusCode" = $3, "lastError" = $4 WHERE id = $1::bigint`,
      [delivery.id, delaySeconds, outcome.statusCode, outcome.error],
    );
    return;
  }
  await sql.query(
    `WITH failed AS (UPDATE webhook_delivery SET status = 'failed', "lockedUntil" = NULL, "lastStatusCode" = $2, "lastError" = $3 WHERE id = $1::bigint)
     UPDATE webhook_endpoint SET "failingSince" = now() WHERE id = $4 AND "failingSince" IS NULL`,
    [delivery.id, outcome.statusCode, outcome.error, delivery.endpointId],
  );
}

function record(sql: SqlQuery, delivery: DueDelivery, outcome: Outcome): Promise<void> {
  return outcome.ok ? recordDelivered(sql, [{ delivery, statusCode: outcome.statusCode }]) : recordFailed(sql, delivery, outcome);
}

/** One pass: claims what is due and sends it. Returns how many deliveries were attempted. */
export async function deliverDueWebhooks(database: Database): Promise<number> {
  const due = await claimDueDeliveries(database.sql, BATCH);
  await Promise.all(due.map(async (delivery) => record(database.sql, delivery, await send(delivery))));
  return due.length;
}

/**
 * Delivers webhooks from this instance until its database closes (every instance may run it).
 * Claims as slots free up rather than pass by pass, so one receiver that takes its full timeout
 * does not hold back everyone else's deliveries, and a backlog drains without waiting for ticks.
 */
export function startWebhookDelivery(database: Database): void {
  let inFlight = 0;
  let claiming = false;
  let failing = false;
  let closed = false;
  const reportFailure = (error: unknown) => {
    if (!failing) console.error("[webhooks] delivery pass failed, retrying:", (error as Error).message);
    failing = true;
  };
  // Successes wait a moment to be recorded together; the lease covers the wait.
  let delivered: Array<{ delivery: DueDelivery; statusCode: number | null }> = [];
  let flushing: Promise<void> | null = null;
  const flushDelivered = () => {
    flushing = null;
    const batch = delivered;
    delivered = [];
    // Not recorded: sent again once the lease ends (at least once, never lost).
    return recordDelivered(database.sql, batch).catch(reportFailure);
  };
  const deliver = async (delivery: DueDelivery) => {
    try {
      const outcome = await send(delivery);
      if (outcome.ok) {
        delivered.push({ delivery, statusCode: outcome.statusCode });
        flushing ??= new Promise((resolve) => setTimeout(resolve, FLUSH_MS)).then(flushDelivered);
        await flushing;
      } else {
        await recordFailed(database.sql, delivery, outcome);
      }
    } catch (error) {
      reportFailure(error);
    } finally {
      inFlight--;
    }
  };
  const claim = async () => {
    if (claiming || closed) return;
    claiming = true;
    try {
      for (;;) {
        const room = Math.min(BATCH, MAX_IN_FLIGHT - inFlight);
        if (room <= 0 || closed) break;
        const due = await claimDueDeliveries(database.sql, room);
        failing = false;
        inFlight += due.length;
        for (const delivery of due) void deliver(delivery);
        if (due.length < room) break;
      }
    } catch (error) {
      reportFailure(error);
    } finally {
      claiming = false;
    }
  };
  const timer = setInterval(() => void claim(), POLL_MS);
  timer.unref();
  database.onClose(() => {
    closed = true;
    clearInterval(timer);
  });
}
