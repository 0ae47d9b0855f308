import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { serveWorkersMetrics } from "@prizepacks/core/metrics";
import { logger } from "@prizepacks/db/log";
import { apiEnv } from "./env.ts";
import { rateLimitStore } from "./rate-limit/limiter.ts";

/** How many server processes share the port, and why that many. */
export interface WebConcurrency {
  workers: number;
  reason: string;
}

/**
 * WEB_CONCURRENCY, or its default: 1 on the embedded database (PGlite is one process's), 1 with
 * the in-process rate limiter (each process would count on its own: a key's 30 opens a minute
 * would become 30 per worker), otherwise the machine's cores. Throws, with the fix in the message,
 * when more than one is asked for where it cannot hold.
 */
export function webConcurrency({ postgres, cores = availableParallelism() }: { postgres: boolean; cores?: number }): WebConcurrency {
  const asked = apiEnv().WEB_CONCURRENCY;
  const sharedLimits = rateLimitStore() !== "memory";
  if (asked === undefined) {
    if (!postgres) return { workers: 1, reason: "the embedded database is one process's" };
    if (!sharedLimits) return { workers: 1, reason: "the in-process rate limiter counts per process (set REDIS_URL for more)" };
    return { workers: cores, reason: "one per core" };
  }
  if (asked > 1 && !postgres) {
    throw new Error(
      `WEB_CONCURRENCY=${asked}: the embedded database (no DATABASE_URL) is one process's. Set DATABASE_URL to a PostgreSQL server, or WEB_CONCURRENCY=1.`,
    );
  }
  if (asked > 1 && !sharedLimits) {
    throw new Error(
      `WEB_CONCURRENCY=${asked}: the in-process rate limiter would count each worker apart (a key's limit would be ${asked} times what it says). Set REDIS_URL (or UPSTASH_REDIS_REST_URL and its token) so every worker counts in one store, or WEB_CONCURRENCY=1.`,
    );
  }
  return { workers: asked, reason: "WEB_CONCURRENCY" };
}

/**
 * The primary of WEB_CONCURRENCY workers (node:cluster): each worker is the whole server
 * (apps/web/server.ts) with its own caches, kept right by the change feed as separate instances'
 * are; the primary holds the port and hands each new connection to a worker in turn, so event
 * streams spread over the workers as connections do. It serves nothing itself, but adds up the
 * workers' metrics for the one a scrape reaches (core's metricsText).
 *
 * SIGTERM or SIGINT goes to every worker, each drains as a lone instance does (lifecycle.ts),
 * and the primary exits 0 once all have exited 0 (1 if any did not). A worker that exits on its
 * own while serving is replaced; one that exits before it ever listened stops them all with its
 * exit code (a start-up error would only repeat).
 */
export function runPrimary({ workers }: { workers: number }): void {
  const log = logger("workers");
  let stopping = false;
  let failed = false;
  const listening = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listening.add(worker));
  };
  cluster.on("exit", (worker, code, signal) => {
    if (code !== 0) failed = true;
    const remaining = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      log.info(`worker ${worker.process.pid} exited (${signal ?? code}); ${remaining} to go`);
      if (remaining === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!listening.has(worker)) {
      log.error(`worker ${worker.process.pid} exited (${signal ?? code}) before it served: stopping`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      if (remaining === 0) process.exit(code || 1);
      return;
    }
    log.error(`worker ${worker.process.pid} exited (${signal ?? code}) while serving: starting another`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // /metrics, answered by whichever worker a scrape reaches, with every worker's figures.
  serveWorkersMetrics();
  for (let i = 0; i < workers; i++) fork();
}
