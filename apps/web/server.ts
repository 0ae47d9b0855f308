// The app's HTTP server: /v1 (the REST facade and its event streams) and the probes answered directly, everything
// else by Next.js, in one process on one port. /v1 skips Next's request pipeline (Web
// Request/Response conversions, its router and proxy) and every path under it, however odd,
// gets our JSON answer; see docs/performance.md for what it gains.
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import next from "next";
import { createRestHandler } from "@prizepacks/api/rest";
import { stampClientAddress } from "@prizepacks/api/client-address";
import { limitConnections, serverOptions } from "@prizepacks/api/connection-limits";
import { writeError } from "@prizepacks/api/http-error";
import { ServerLifecycle } from "@prizepacks/api/lifecycle";
import { runPrimary, webConcurrency } from "@prizepacks/api/workers";
import { startMetricsExport } from "@prizepacks/api/metrics";
import { observeRequests, readNextRoutes } from "@prizepacks/api/observe-request";
import { createStreamHandler } from "@prizepacks/api/streams";
import { createDepositWebhookHandler } from "@prizepacks/api/deposit-webhook";
import { createVerificationWebhookHandler } from "@prizepacks/api/verification-webhook";
import { appBaseUrl, authEnv } from "@prizepacks/auth/env";
import { openServices, startBackgroundJobs } from "@prizepacks/core/server";
import { serviceEnv } from "@prizepacks/core/service-env";
import { getDatabase } from "@prizepacks/db/client";
import { configureLogs, flushLogs, logger } from "@prizepacks/db/log";
import { dbEnv, logEnv } from "@prizepacks/db/env";

// Before anything logs: human-readable lines for someone at a terminal in demo mode, JSON lines otherwise (or as LOG_FORMAT says).
configureLogs({ pretty: (logEnv().LOG_FORMAT ?? (serviceEnv().demoMode ? "pretty" : "json")) === "pretty" });
// WEB_CONCURRENCY: this process is then the primary of that many workers (packages/api/src/workers.ts),
// each of them the whole server below; one process serves alone, as before workers existed.
if (cluster.isPrimary) {
  let concurrency;
  try {
    concurrency = webConcurrency({ postgres: dbEnv().databaseUrl !== undefined });
  } catch (error) {
    logger("server").fatal((error as Error).message);
    flushLogs();
    process.exit(1);
  }
  if (concurrency.workers > 1) {
    logger("server").info(`${concurrency.workers} workers on one port (${concurrency.reason})`);
    runPrimary({ workers: concurrency.workers });
  } else await serveHere();
} else await serveHere();

/** The server: in this process alone, or in each worker. */
async function serveHere(): Promise<void> {
  const host = serviceEnv().HOST;
  const port = authEnv().PORT;
  const database = await getDatabase();
  // Served over https (the public URL says so): browsers must never fall back to http.
  const strictTransportSecurity = appBaseUrl().startsWith("https://") ? "max-age=31536000; includeSubDomains" : null;

  // Run as the bundle apps/web/dist/server.js (scripts/build-node.mjs): the app is the folder above.
  const appDir = path.resolve(import.meta.dirname, "..");

  // Listening from here on: /api/health answers at once, /api/ready and the rest 503 until the app is prepared.
  // Every request: an X-Request-Id, its log lines tagged with it, one line and one duration observation when answered.
  const server = createServer(serverOptions, observeRequests(serve, { nextRoutes: readNextRoutes(appDir) }));
  const lifecycle = new ServerLifecycle(server, database);
  limitConnections(server);
  // Also the URL that mail links use (appBaseUrl): opened from here, a mail's link lands on the same host.
  const listening = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  server.listen(port, host, () =>
    logger("server").info(
      appBaseUrl() === listening ? `listening on ${listening}` : `listening on ${listening}, reached at ${appBaseUrl()}`,
    ),
  );

  function serve(req: IncomingMessage, res: ServerResponse): void {
    if (strictTransportSecurity) res.setHeader("Strict-Transport-Security", strictTransportSecurity);
    const url = req.url ?? "/";
    const pathEnd = url.search(/[?#]/);
    const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
    if (lifecycle.answerProbe(req, res, path)) return;
    if (lifecycle.starting) return lifecycle.refuseWhileStarting(res);
    route(req, res, path);
  }

  // The one Services of this process: the Next.js side (apps/web/lib/database.ts) gets the same
  // object from openServices, which keeps it per database on globalThis.
  const services = await openServices(database);
  const handleRest = createRestHandler({ services });
  const handleStream = createStreamHandler({ services });
  // BTCPay's invoice events: the raw body, for its signature.
  const handleDepositWebhook = createDepositWebhookHandler({ services });
  // Sumsub's applicant events: the raw body, for X-Payload-Digest.
  const handleVerificationWebhook = createVerificationWebhookHandler({ services });
  // Rollups, event retention, webhook delivery and deposit reconciliation: every instance runs them, each claiming its own rows.
  const backgroundJobs = startBackgroundJobs(services, { publicUrl: appBaseUrl() });
  // METRICS_PORT: Prometheus on a listener of its own; METRICS_TOKEN: /metrics here, for the token's holder only.
  const handleMetrics = startMetricsExport(services);
  const app = next({ dev: false, dir: appDir, hostname: host, port });
  const handleNext = app.getRequestHandler();
  await app.prepare();

  lifecycle.markReady();
  // SIGTERM: readiness 503, SHUTDOWN_DELAY_SECONDS of serving, then the drain (packages/api/src/lifecycle.ts).
  lifecycle.drainOnSignals({ closeStreams: () => handleStream.closeAll(), stopBackgroundJobs: () => backgroundJobs.stop() });

  /** Every request but the probes, once the app is prepared (everything it uses is set up above). */
  function route(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (path === "/v1" || path.startsWith("/v1/")) {
      if (handleStream(req, res, path)) return;
      // The transparency log's reads need no key: their limit is per client address (publicReadProcedure).
      if (path.startsWith("/v1/transparency/")) stampClientAddress(req);
      return void handleRest(req, res).catch((error: unknown) => writeError(res, error, { rest: true }));
    }
    if (handleMetrics(req, res, path)) return;
    if (handleDepositWebhook(req, res, path)) return;
    if (handleVerificationWebhook(req, res, path)) return;
    // better-auth's sign-in limits key on this header; a client's own copy never reaches Next.
    stampClientAddress(req);
    return void handleNext(req, res).catch((error: unknown) => writeError(res, error, { rest: false }));
  }
}
