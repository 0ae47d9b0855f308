import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { AppError, DATABASE_RETRY_AFTER_SECONDS } from "@prizepacks/core";
import type { Database } from "@prizepacks/db";
import { flushLogs, logger } from "@prizepacks/db/log";
import { pendingMigrations } from "@prizepacks/db/migrate";
import { apiEnv } from "./env.ts";
import { errorResponse } from "./http-error.ts";
import { closeRateLimitStore, rateLimitStore, rateLimitStoreAnswers } from "./rate-limit/limiter.ts";

const log = logger("shutdown");

/**
 * starting: listening, the app not prepared yet; ready: serving; draining: SIGTERM received,
 * still serving while the load balancer notices /api/ready; closing: the listener is closed and
 * the requests in flight finish.
 */
export type Phase = "starting" | "ready" | "draining" | "closing";

/** What the server hands over to be stopped in a drain, in the order the drain stops it. */
export interface DrainSteps {
  /** Ends the event streams with a `retry:` hint (the stream handler's closeAll). */
  closeStreams: () => void;
  /** Stops the background jobs and releases what they hold (startBackgroundJobs(...).stop). */
  stopBackgroundJobs: () => Promise<void>;
}

/** Rather than no answer: after the timeout, closing the pools gets this long before the process exits anyway. */
const CLOSE_POOLS_MS = 5_000;

/**
 * The server's life from listening to exit: the two probes, and the drain on SIGTERM.
 *
 * - GET /api/health is liveness: the process is up and its event loop turns. It touches
 *   nothing else, so an outage of the database never gets a healthy instance restarted.
 * - GET /api/ready is readiness: 200 once the app is prepared, while the database answers, has
 *   every migration of this build and the rate-limit store (Redis, when configured) answers;
 *   503 otherwise, and from the first moment of a drain.
 *
 * The drain (SIGTERM; SIGINT skips the delay, nobody's load balancer is waiting on a terminal):
 * readiness 503 and the background jobs stopped at once (webhook claims back to the queue);
 * SHUTDOWN_DELAY_SECONDS of normal serving while the load balancer takes
 * the instance out; then the listener closes, idle keep-alive connections close, and every
 * response not yet started is sent with `Connection: close` (so is any later request on a
 * kept-alive connection), so no client reuses a connection about to go; event streams end with
 * a `retry:` hint; requests in flight get SHUTDOWN_TIMEOUT_SECONDS
 * to finish, then their connections are cut; the pools close; exit 0.
 */
export class ServerLifecycle {
  private phase: Phase = "starting";
  private readonly inFlight = new Set<ServerResponse>();
  private closeIdleScheduled = false;
  /** Once the migrations are current they stay so (nothing un-applies one): checked until then. */
  private migrationsCurrent = false;
  private drained: Promise<void> | undefined;

  constructor(
    private readonly server: Server,
    private readonly database: Database,
  ) {
    // After the server's own request listener: the handler may have answered already.
    server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
      this.inFlight.add(res);
      res.once("close", () => this.inFlight.delete(res));
      // A request on a connection kept alive from before the listener closed.
      if (this.phase === "closing") this.lastOnConnection(res);
    });
  }

  /** The app is prepared: requests are served and readiness reports the checks. */
  markReady(): void {
    if (this.phase === "starting") this.phase = "ready";
  }

  /** True while the app is not prepared: the caller answers with refuseWhileStarting. */
  get starting(): boolean {
    return this.phase === "starting";
  }

  /** A request that arrived before the app was prepared: 503, try again shortly. */
  refuseWhileStarting(res: ServerResponse): void {
    this.writeUnavailable(res, "The service is starting; try again shortly.", {});
  }

  /** Answers GET /api/health and GET /api/ready; false for anything else. */
  answerProbe(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (req.method !== "GET") return false;
    if (path === "/api/health") {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      res.end(JSON.stringify({ status: "ok", database: this.database.kind, rateLimitStore: rateLimitStore() }));
      return true;
    }
    if (path !== "/api/ready") return false;
    void this.answerReadiness(res);
    return true;
  }

  private async answerReadiness(res: ServerResponse): Promise<void> {
    if (this.phase !== "ready") {
      const message = this.phase === "starting" ? "The service is starting." : "The service is shutting down.";
      return this.writeUnavailable(res, message, { status: this.phase });
    }
    const [database, migrations, store] = await Promise.all([
      this.database.sql.query("SELECT 1 AS ok").then(
        () => "ok" as const,
        () => "unavailable" as const,
      ),
      this.checkMigrations(),
      rateLimitStoreAnswers().then((answers) => (answers ? ("ok" as const) : ("unavailable" as const))),
    ]);
    const checks = { database, migrations, rateLimitStore: store };
    // A drain may have begun during the checks.
    if (this.phase !== "ready") return this.writeUnavailable(res, "The service is shutting down.", { status: this.phase, checks });
    if (Object.values(checks).every((check) => check === "ok")) {
      res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      return void res.end(JSON.stringify({ status: "ready", checks }));
    }
    this.writeUnavailable(res, "Not ready: a dependency is unavailable.", { status: "unready", checks });
  }

  private async checkMigrations(): Promise<"ok" | "pending" | "unavailable"> {
    if (this.migrationsCurrent) return "ok";
    try {
      this.migrationsCurrent = (await pendingMigrations(this.database.sql)).length === 0;
      return this.migrationsCurrent ? "ok" : "pending";
    } catch {
      return "unavailable";
    }
  }

  /** The JSON error every endpoint answers with (message, code, retryAfter), plus the probe's fields. */
  private writeUnavailable(res: ServerResponse, message: string, fields: object): void {
    const unavailable = errorResponse(new AppError("UNAVAILABLE", message, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS }), {
      rest: false,
    });
    res.writeHead(unavailable.status, unavailable.headers).end(JSON.stringify({ ...fields, ...unavailable.body }));
  }

  /** Drains on SIGTERM and SIGINT, then exits 0. A second signal changes nothing (a terminal's Ctrl-C reaches npm, start.mjs and us). */
  drainOnSignals(steps: DrainSteps): void {
    const { SHUTDOWN_DELAY_SECONDS, SHUTDOWN_TIMEOUT_SECONDS } = apiEnv();
    const onSignal = (signal: NodeJS.Signals) => {
      this.drained ??= this.drain(steps, {
        delayMs: signal === "SIGTERM" ? SHUTDOWN_DELAY_SECONDS * 1000 : 0,
        timeoutMs: SHUTDOWN_TIMEOUT_SECONDS * 1000,
        signal,
      }).then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, "drain failed");
          flushLogs();
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", onSignal);
    process.on("SIGINT", onSignal);
  }

  /** The drain itself (drainOnSignals runs it and exits); resolves once the pools are closed. */
  async drain(steps: DrainSteps, { delayMs, timeoutMs, signal }: { delayMs: number; timeoutMs: number; signal: string }): Promise<void> {
    this.phase = "draining";
    log.info(`${signal}: /api/ready answers 503; serving for ${delayMs / 1000} s more while the load balancer notices`);
    // At once: no load balancer routes this work, and the instances that stay take over its claims now.
    const jobsStopped = steps
      .stopBackgroundJobs()
      .catch((error: unknown) => log.error({ err: error }, "background jobs did not stop cleanly"));
    await new Promise((resolve) => setTimeout(resolve, delayMs));

    this.phase = "closing";
    const listenerClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const res of this.inFlight) this.lastOnConnection(res);
    this.server.closeIdleConnections();
    steps.closeStreams();
    log.info(`listener closed; ${this.inFlight.size} requests in flight get ${timeoutMs / 1000} s to finish`);

    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      listenerClosed.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      log.warn(`${this.inFlight.size} requests still in flight after ${timeoutMs / 1000} s: their connections are cut`);
      this.server.closeAllConnections();
    }
    await jobsStopped;
    const poolsClosed = Promise.all([closeRateLimitStore(), this.database.close()]);
    await Promise.race([poolsClosed, new Promise((resolve) => setTimeout(resolve, CLOSE_POOLS_MS).unref())]);
    log.info("drained; exiting");
    flushLogs();
  }

  /**
   * The response is the last on its connection: `Connection: close` when its head is still to
   * be sent; otherwise its connection is closed once it has ended and is idle.
   */
  private lastOnConnection(res: ServerResponse): void {
    if (!res.headersSent) res.setHeader("connection", "close");
    else res.once("finish", () => this.closeIdleSoon());
  }

  /**
   * One pass over the server's connections per turn of the event loop, however many responses
   * finished in it: each pass walks every connection, and a drain with 20,000 event streams open
   * spent 20 to 30 s of each worker's CPU on a pass per stream (the scale bench's profile).
   */
  private closeIdleSoon(): void {
    if (this.closeIdleScheduled) return;
    this.closeIdleScheduled = true;
    setImmediate(() => {
      this.closeIdleScheduled = false;
      this.server.closeIdleConnections();
    });
  }
}
