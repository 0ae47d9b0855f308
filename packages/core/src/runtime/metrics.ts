import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";
import { readBacklogs, type Backlogs } from "./backlogs.ts";
import type { Deps } from "./deps.ts";
import { logger } from "@prizepacks/db/log";

// Every metric lives on prom-client's default registry, which is one per process: Next.js keeps
// prom-client external (next.config.ts), so its route bundles and apps/web/server.ts share it.
// They do load their own copies of this module, hence get-or-create by name: the first copy
// defines a metric, the others use it (a second `new Counter` of one name would throw).

export function counter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  return (register.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter(config);
}

export function gauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  return (register.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge(config);
}

export function histogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  return (register.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram(config);
}

/**
 * The Prometheus text exposition of every metric of the process; in a worker (WEB_CONCURRENCY
 * above 1), of every worker, summed by the primary (prom-client's AggregatorRegistry: counters
 * and histograms added up, so a scrape that reaches any worker sees the whole server).
 */
export function metricsText(): Promise<string> {
  return cluster.isWorker ? askPrimaryForMetrics() : register.metrics();
}

// A worker answers the primary's requests for its figures only once an AggregatorRegistry exists in
// it (prom-client installs its listener in the constructor), and the primary asks every worker:
// each makes one when it loads this module, not at its first scrape.
if (cluster.isWorker) new AggregatorRegistry();

const METRICS_REQUEST = "prizepacks:metrics-request";
const METRICS_RESPONSE = "prizepacks:metrics-response";
const METRICS_TIMEOUT_MS = 10_000;

interface MetricsResponse {
  type: typeof METRICS_RESPONSE;
  id: string;
  text?: string;
  error?: string;
}

function askPrimaryForMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (message: MetricsResponse) => {
      if (message?.type !== METRICS_RESPONSE || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(`the primary could not gather the workers' metrics: ${message.error}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the primary did not send the workers' metrics within ${METRICS_TIMEOUT_MS / 1000} s`));
    }, METRICS_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/** The primary of workers: answers a worker's metricsText with every worker's metrics, aggregated. */
export function serveWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_RESPONSE, id: message.id, text }),
      (error: unknown) => worker.send({ type: METRICS_RESPONSE, id: message.id, error: (error as Error).message }),
    );
  });
}

export const METRICS_CONTENT_TYPE = register.contentType;

export const webhookDeliveries = counter({
  name: "prizepacks_webhook_deliveries_total",
  help: "Webhook delivery attempts by outcome: delivered (2xx), retrying (failed, tried again later), failed (gave up after a day), disabled (the URL broke the rules, endpoint disabled).",
  labelNames: ["outcome"] as const,
});

export const beaconRelayFailures = counter({
  name: "prizepacks_beacon_relay_failures_total",
  help: "Failed requests to a drand relay (DRAND_URLS), by relay and reason: unreachable, timeout, status (an HTTP status other than 200), malformed, wrong_round, unverifiable (a round whose signature does not verify), overdue (says a round long due is not there), wrong_chain (refused for good).",
  labelNames: ["relay", "reason"] as const,
});

export const beaconRelaysFailing = gauge({
  name: "prizepacks_beacon_relays_failing",
  help: "drand relays failing now: backing off after a failure (250 ms doubling to 60 s), or refused for serving another chain. Equal to the number of relays: battles cannot settle.",
});

// What the gauges below read: the process's Services, registered once at start. On globalThis,
// so the collect functions (defined by whichever copy of this module loaded first) see it.
const OBSERVED_KEY = Symbol.for("prizepacks.metrics.services");
const slot = globalThis as typeof globalThis & { [OBSERVED_KEY]?: Deps };

/**
 * Starts the gauges that read the process's Services (pool, change feed, backlogs) and Node's
 * default metrics (event-loop lag, memory, CPU, handles). Called once, by the server at start;
 * a later call points the gauges at another Services (tests).
 */
export function instrumentServices(services: Deps): void {
  slot[OBSERVED_KEY] = services;
  if (services.database.poolStats()) instrumentPool();
  // Defaults once per process: event-loop delay histogram, heap, RSS, GC, file descriptors.
  if (!register.getSingleMetric("nodejs_eventloop_lag_seconds")) collectDefaultMetrics();
}

/** Pool gauges exist only where there is a pool: PGlite is one in-process connection. */
function instrumentPool(): void {
  gauge({
    name: "prizepacks_db_pool_connections",
    help: "Connections the PostgreSQL pool holds, busy and idle (absent on the embedded PGlite database).",
    collect() {
      const stats = observed()?.database.poolStats();
      if (stats) this.set(stats.total);
    },
  });

  gauge({
    name: "prizepacks_db_pool_idle_connections",
    help: "Pool connections open and unused.",
    collect() {
      const stats = observed()?.database.poolStats();
      if (stats) this.set(stats.idle);
    },
  });

  gauge({
    name: "prizepacks_db_pool_waiting_queries",
    help: "Queries waiting for a free pool connection (each waits at most 3 s, then 503).",
    collect() {
      const stats = observed()?.database.poolStats();
      if (stats) this.set(stats.waiting);
    },
  });
}

function observed(): Deps | undefined {
  return slot[OBSERVED_KEY];
}

gauge({
  name: "prizepacks_change_feed_connected",
  help: "1 while the change feed's LISTEN connection is up; at 0 the caches trust what they hold for at most 500 ms.",
  collect() {
    const services = observed();
    if (services) this.set(services.feed.live ? 1 : 0);
  },
});

/** A scrape reads the backlogs at most this often, however many scrapers and gauges ask. */
const BACKLOG_CACHE_MS = 5_000;
let backlogs: { at: number; services: Deps; read: Promise<Backlogs | null> } | null = null;
let backlogsFailing = false;

function currentBacklogs(): Promise<Backlogs | null> {
  const services = observed();
  if (!services) return Promise.resolve(null);
  if (backlogs && backlogs.services === services && Date.now() - backlogs.at < BACKLOG_CACHE_MS) return backlogs.read;
  const read = readBacklogs(services.database.sql).then(
    (value) => {
      backlogsFailing = false;
      return value;
    },
    (error: unknown) => {
      if (!backlogsFailing) logger("metrics").error({ err: error }, "backlog query failed");
      backlogsFailing = true;
      return null;
    },
  );
  backlogs = { at: Date.now(), services, read };
  return read;
}

function backlogGauge(name: string, help: string, field: keyof Backlogs): void {
  gauge({
    name,
    help,
    async collect() {
      const services = observed();
      if (!services) return;
      const value = await currentBacklogs();
      // Unknown while the database does not answer: NaN, not a reassuring 0.
      this.set(value ? value[field] : NaN);
    },
  });
}

backlogGauge("prizepacks_webhook_deliveries_pending", "Webhook deliveries waiting to be sent to enabled endpoints.", "webhookPending");
backlogGauge(
  "prizepacks_webhook_oldest_pending_age_seconds",
  "Age of the oldest pending webhook delivery (a failing receiver keeps one pending for up to a day).",
  "webhookOldestPendingSeconds",
);
backlogGauge(
  "prizepacks_webhook_overdue_seconds",
  "How long the most overdue webhook delivery has been due and not sent: the delivery job's lag.",
  "webhookOverdueSeconds",
);
backlogGauge(
  "prizepacks_spin_tally_pending",
  "Openings not yet rolled up into the packs' spin counts (rolled every second).",
  "spinTallyPending",
);
backlogGauge(
  "prizepacks_battles_locked_over_a_minute",
  "Battles locked for more than a minute without settling: their beacon round should exist (beacon unreachable, or no settler running).",
  "battlesLockedOverAMinute",
);
backlogGauge(
  "prizepacks_report_rollup_lag_seconds",
  "Age of the oldest spin or sale the report rollup has not taken (it stays 60 s behind and runs every minute: 60-120 s is normal).",
  "reportRollupLagSeconds",
);

backlogGauge(
  "prizepacks_transparency_log_lag_seconds",
  "Age of the oldest committed outcome not yet appended to the transparency log: a few seconds at most while an instance runs the appender.",
  "transparencyLagSeconds",
);

/** Outcomes the verifier's recomputation refused before they were paid (checked-before-paid, 503). */
export const transparencySelfCheckFailures = counter({
  name: "prizepacks_self_check_failures_total",
  help: "Outcomes whose re-derivation by @prizepacks/fairness's verifier disagreed with the draw (or whose seed or nonce was malformed) and were refused before payment, by kind.",
  labelNames: ["kind"] as const,
});
