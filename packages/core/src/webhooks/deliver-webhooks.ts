import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { SqlQuery } from "@prizepacks/db";
import type { BackgroundJob } from "../runtime/background-job.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import { webhookDeliveries } from "../runtime/metrics.ts";
import { serviceEnv, webhooksMayTargetPrivateAddresses } from "../service-env.ts";
import { SIGNATURE_HEADER, signWebhookPayload } from "./signature.ts";
import { findWebhookUrlProblem, publicOnlyLookup, serverDisabledReason } from "./webhook-target.ts";
import { logger } from "@prizepacks/db/log";
import type { Deps } from "../runtime/deps.ts";

const BATCH = 50;
/** Requests in flight per instance. */
const MAX_IN_FLIGHT = 100;
/**
 * Fair shares of those slots, counted over every instance (by lease). One endpoint: 2, so a
 * receiver that answers gets a steady stream (its next delivery is out while one answer is
 * being recorded) and one that never answers holds two slots, not a queue's worth. One account:
 * 5, one per endpoint it may have enabled. So a hundred slots serve at least twenty accounts
 * whose receivers all hang before anyone else waits, and each of those slots frees within the
 * connect and response timeouts below.
 */
const ENDPOINT_IN_FLIGHT = 2;
const ACCOUNT_IN_FLIGHT = 5;
const POLL_MS = 500;
/** A claimed delivery belongs to one instance for this long; after a crash another takes it. */
const LEASE_SECONDS = 60;
/**
 * How long a receiver has to accept the connection (DNS, TCP and TLS): a few round trips even
 * across the world, and a SYN lost once is resent after a second. A host that is down or drops
 * packets fails here instead of holding a slot.
 */
export const WEBHOOK_CONNECT_TIMEOUT_MS = 2_000;
/**
 * Then how long it has to send the response's status line (its body is not waited for): enough
 * to check a signature and queue the work, which is what a receiver should do before answering.
 * With the connect timeout, a slot is held at most 5 s, however the receiver behaves.
 */
export const WEBHOOK_RESPONSE_TIMEOUT_MS = 3_000;
/** An idle connection is dropped after this long (a response body trickling in after its status). */
const IDLE_SOCKET_TIMEOUT_MS = 10_000;
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
 * Claims due deliveries for this instance, a fair share per endpoint and per account rather
 * than the oldest overall: one account's backlog behind receivers that never answer must not
 * fill every slot while another account's delivery waits behind it.
 *
 * `pending` walks the endpoints that have pending deliveries (a loose index scan: one probe
 * per endpoint, however long its queue); `endpoint` counts what each already has in flight on
 * any instance (a live lease); `candidate` takes each endpoint's oldest due deliveries up to
 * its share and numbers them within the account after what the account has in flight; the
 * oldest within both shares are claimed. FOR UPDATE SKIP LOCKED hands each row to exactly one
 * of the instances polling at once, and re-checks the lease on the row's latest version, and
 * the lease keeps it theirs while the request runs. Two instances claiming in the same instant
 * see the same counts and the same candidates, so one skips what the other locked: the shares
 * hold up to such rare overlaps, which is all fairness needs.
 */
async function claimDueDeliveries(sql: SqlQuery, limit: number): Promise<DueDelivery[]> {
  return sql.query<DueDelivery>(
    `WITH RECURSIVE pending (id) AS (
       (SELECT "endpointId" FROM webhook_delivery WHERE status = 'pending' ORDER BY "endpointId" LIMIT 1)
       UNION ALL
       SELECT (SELECT d."endpointId" FROM webhook_delivery d WHERE d.status = 'pending' AND d."endpointId" > pending.id ORDER BY d."endpointId" LIMIT 1)
       FROM pending WHERE pending.id IS NOT NULL
     ), endpoint AS (
       SELECT w.id, w."userId",
              (SELECT count(*) FROM webhook_delivery d WHERE d."endpointId" = w.id AND d.status = 'pending' AND d."lockedUntil" > now())::int AS busy
       FROM pending JOIN webhook_endpoint w ON w.id = pending.id
       WHERE w.enabled
     ), account AS (
       SELECT "userId", sum(busy)::int AS busy FROM endpoint GROUP BY "userId"
     ), candidate AS (
       SELECT c.id, c."nextAttemptAt", a.busy + row_number() OVER (PARTITION BY e."userId" ORDER BY c."nextAttemptAt", c.id) AS "accountSlot"
       FROM endpoint e JOIN account a ON a."userId" = e."userId"
       CROSS JOIN LATERAL (
         SELECT d.id, d."nextAttemptAt" FROM webhook_delivery d
         WHERE d."endpointId" = e.id AND d.status = 'pending' AND d."nextAttemptAt" <= now() AND (d."lockedUntil" IS NULL OR d."lockedUntil" < now())
         ORDER BY d."nextAttemptAt" LIMIT greatest($3::int - e.busy, 0)
       ) c
     ), due AS (
       SELECT d.id FROM webhook_delivery d
       WHERE d.id IN (SELECT id FROM candidate WHERE "accountSlot" <= $4::int ORDER BY "nextAttemptAt" LIMIT $1)
         AND d.status = 'pending' AND (d."lockedUntil" IS NULL OR d."lockedUntil" < now())
       FOR UPDATE OF d SKIP LOCKED
     )
     UPDATE webhook_delivery d SET "lockedUntil" = now() + make_interval(secs => $2::int), attempts = d.attempts + 1
     FROM due, webhook_endpoint w, account_event e
     WHERE d.id = due.id AND w.id = d."endpointId" AND e.id = d."eventId"
     RETURNING d.id::text AS id, d.attempts, d."createdAt", w.url, w.secret, w.id AS "endpointId",
               e.id::text AS "eventId", e.type, e."createdAt" AS "eventCreatedAt", e.data`,
    [limit, LEASE_SECONDS, ENDPOINT_IN_FLIGHT, ACCOUNT_IN_FLIGHT],
  );
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** Why this delivery's URL may not be sent to under the rules in force now, or null. */
const findTargetProblem = (delivery: DueDelivery) =>
  findWebhookUrlProblem(delivery.url, { allowPrivate: webhooksMayTargetPrivateAddresses() });

function send(delivery: DueDelivery, signal?: AbortSignal): Promise<Outcome> {
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    createdAt: delivery.eventCreatedAt.toISOString(),
    data: delivery.data,
  });
  const url = new URL(delivery.url);
  const secure = url.protocol === "https:";
  const request = secure ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: "POST",
        timeout: IDLE_SOCKET_TIMEOUT_MS,
        signal,
        // Host names only: an address literal is never looked up (findTargetProblem checks those).
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
        clearTimeout(deadline);
        res.resume(); // the receiver's body is of no use to us
        const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
        resolve({ ok, statusCode: res.statusCode ?? null, error: ok ? null : `HTTP ${res.statusCode}` });
      },
    );
    const giveUp = (message: string) => () => req.destroy(new Error(message));
    let deadline = setTimeout(giveUp(`no connection within ${WEBHOOK_CONNECT_TIMEOUT_MS / 1000} s`), WEBHOOK_CONNECT_TIMEOUT_MS);
    const connected = () => {
      clearTimeout(deadline);
      deadline = setTimeout(
        giveUp(`no response within ${WEBHOOK_RESPONSE_TIMEOUT_MS / 1000} s of connecting`),
        WEBHOOK_RESPONSE_TIMEOUT_MS,
      );
    };
    // A kept-alive connection from an earlier delivery is connected already.
    req.on("socket", (socket) => (socket.connecting ? socket.once(secure ? "secureConnect" : "connect", connected) : connected()));
    req.on("timeout", giveUp(`connection idle for ${IDLE_SOCKET_TIMEOUT_MS / 1000} s`));
    req.on("error", (error) => {
      clearTimeout(deadline);
      resolve({ ok: false, statusCode: null, error: error.message.slice(0, 500) });
    });
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
  webhookDeliveries.inc({ outcome: delaySeconds === null ? "failed" : "retrying" });
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

/**
 * The URL no longer passes the rules in force (an endpoint registered in demo mode, where
 * http:// and private addresses are allowed, met by a production start): nothing is sent, the
 * endpoint is disabled with the reason its owner sees, and the delivery goes back to pending,
 * unattempted, for the day the endpoint is enabled again (which re-checks the URL).
 */
async function disableForTarget(sql: SqlQuery, delivery: DueDelivery, problem: string): Promise<void> {
  const reason = serverDisabledReason(problem);
  webhookDeliveries.inc({ outcome: "disabled" });
  await sql.query(
    `WITH released AS (UPDATE webhook_delivery SET "lockedUntil" = NULL, attempts = attempts - 1, "lastError" = $2 WHERE id = $1::bigint)
     UPDATE webhook_endpoint SET enabled = false, "disabledReason" = $2 WHERE id = $3 AND enabled`,
    [delivery.id, reason, delivery.endpointId],
  );
}

/**
 * A send cut short by the instance stopping: the delivery goes back to the queue at once,
 * unattempted, for another instance to claim now rather than when the lease ends. The receiver
 * may have had it already; deliveries are at least once, and it has the event's id to tell.
 */
async function releaseClaim(sql: SqlQuery, delivery: DueDelivery): Promise<void> {
  await sql.query(
    `UPDATE webhook_delivery SET "lockedUntil" = NULL, attempts = attempts - 1 WHERE id = $1::bigint AND status = 'pending'`,
    [delivery.id],
  );
}

type RecordDelivered = (delivery: DueDelivery, statusCode: number | null) => Promise<void>;

/** Re-checks the URL, sends, records the outcome (a success through `recordSuccess`); `stopping` aborts the send. */
async function deliverOne(sql: SqlQuery, delivery: DueDelivery, recordSuccess: RecordDelivered, stopping?: AbortSignal): Promise<void> {
  const problem = findTargetProblem(delivery);
  if (problem) return disableForTarget(sql, delivery, problem);
  const outcome = await send(delivery, stopping);
  if (!outcome.ok && stopping?.aborted) return releaseClaim(sql, delivery);
  if (outcome.ok) webhookDeliveries.inc({ outcome: "delivered" });
  return outcome.ok ? recordSuccess(delivery, outcome.statusCode) : recordFailed(sql, delivery, outcome);
}

/** One pass: claims what is due and delivers it. Returns how many deliveries were claimed. */
export async function deliverDueWebhooks(services: Deps): Promise<number> {
  const database = services.database;
  const due = await claimDueDeliveries(database.sql, BATCH);
  const recordAlone: RecordDelivered = (delivery, statusCode) => recordDelivered(database.sql, [{ delivery, statusCode }]);
  await Promise.all(due.map((delivery) => deliverOne(database.sql, delivery, recordAlone)));
  return due.length;
}

/**
 * Delivers webhooks from this instance until its database closes or `stop` is called (every
 * instance may run it). `stop` claims nothing more, aborts the sends in flight and gives their
 * deliveries back to the queue (releaseClaim), records what had already succeeded, and resolves
 * once every claim this instance held is released or recorded. Claims again as soon as a delivery is recorded, not only on the poll:
 * an endpoint's share is small, so a receiver that answers quickly must get its next delivery
 * without waiting for a tick, and a backlog drains at the receivers' pace.
 */
export function startWebhookDelivery(services: Deps): BackgroundJob {
  const database = services.database;
  let inFlight = 0;
  const running = new Set<Promise<void>>();
  let failing = false;
  const reportFailure = (error: unknown) => {
    if (!failing) logger("webhooks").error({ err: error }, "delivery pass failed, retrying");
    failing = true;
  };
  // Successes are recorded together, as a group commit: one write at a time, and whatever
  // succeeds meanwhile joins the next. A lone delivery is recorded at once (its endpoint's
  // share frees with it), and under load the batches grow instead of the statements.
  let filling: { batch: Array<{ delivery: DueDelivery; statusCode: number | null }>; written: Promise<void> } | null = null;
  let writing: Promise<void> = Promise.resolve();
  const recordDeliveredTogether: RecordDelivered = (delivery, statusCode) => {
    if (!filling) {
      const batch: Array<{ delivery: DueDelivery; statusCode: number | null }> = [];
      const written = writing.then(() => {
        filling = null;
        // Not recorded: sent again once the lease ends (at least once, never lost).
        return recordDelivered(database.sql, batch).catch(reportFailure);
      });
      filling = { batch, written };
      writing = written;
    }
    filling.batch.push({ delivery, statusCode });
    return filling.written;
  };
  const deliver = async (delivery: DueDelivery, stopping: AbortSignal) => {
    try {
      await deliverOne(database.sql, delivery, recordDeliveredTogether, stopping);
    } catch (error) {
      reportFailure(error);
    } finally {
      inFlight--;
      // Its share of the endpoint and the account is free again (the lease is cleared).
      claims.runSoon();
    }
  };
  const claimUntilFull = async (stopping: AbortSignal) => {
    try {
      for (;;) {
        const room = Math.min(BATCH, MAX_IN_FLIGHT - inFlight);
        if (room <= 0 || stopping.aborted) break;
        const due = await claimDueDeliveries(database.sql, room);
        failing = false;
        inFlight += due.length;
        for (const delivery of due) {
          const task: Promise<void> = deliver(delivery, stopping).finally(() => running.delete(task));
          running.add(task);
        }
        if (due.length < room) break;
      }
    } catch (error) {
      reportFailure(error);
    }
  };
  // One claim at a time; a request made meanwhile runs it once more when it ends.
  const claims = startPeriodic(services, {
    log: "webhooks",
    failure: "delivery pass failed, retrying",
    everyMs: POLL_MS,
    pass: claimUntilFull,
  });
  return {
    async stop() {
      await claims.stop();
      await Promise.all(running);
    },
  };
}
