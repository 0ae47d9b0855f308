// The app's HTTP server: /v1 (the REST facade and its event streams) and /api/health answered directly, everything
// else by Next.js, in one process on one port. /v1 skips Next's request pipeline (Web
// Request/Response conversions, its router and proxy) and every path under it, however odd,
// gets our JSON answer; see docs/performance.md for what it gains.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { createRestHandler, rateLimitStore } from "@prizepacks/api/rest";
import { stampClientAddress } from "@prizepacks/api/client-address";
import { limitConnections, serverOptions } from "@prizepacks/api/connection-limits";
import { errorResponse, writeError } from "@prizepacks/api/http-error";
import { createStreamHandler } from "@prizepacks/api/streams";
import { appBaseUrl, authEnv } from "@prizepacks/auth/env";
import { AppError, openServices, startBackgroundJobs } from "@prizepacks/core";
import { serviceEnv } from "@prizepacks/core/service-env";
import { getDatabase } from "@prizepacks/db/client";

const host = serviceEnv().HOST;
const port = authEnv().PORT;
const database = await getDatabase();
// The one Services of this process: the Next.js side (apps/web/lib/database.ts) gets the same
// object from openServices, which keeps it per database on globalThis.
const services = await openServices(database);
const handleRest = createRestHandler({ services });
const handleStream = createStreamHandler({ services });
// Rollups, event retention and webhook delivery: every instance runs them, each claiming its own rows.
startBackgroundJobs(services);
const app = next({ dev: false, dir: import.meta.dirname, hostname: host, port });
const handleNext = app.getRequestHandler();
await app.prepare();

// Served over https (the public URL says so): browsers must never fall back to http.
const strictTransportSecurity = appBaseUrl().startsWith("https://") ? "max-age=31536000; includeSubDomains" : null;

/** As after any database fault (DATABASE_RETRY_AFTER_SECONDS in @prizepacks/api's errors.ts). */
const HEALTH_RETRY_AFTER_SECONDS = 2;

async function health(res: ServerResponse): Promise<void> {
  try {
    await database.sql.query("SELECT 1 AS ok");
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ status: "ok", database: database.kind, rateLimitStore: rateLimitStore() }));
  } catch (error) {
    console.error("[health] database unavailable:", (error as Error).message);
    // The health report's shape ({ status }) with the error's fields, as every JSON error has them.
    const unavailable = errorResponse(
      new AppError("UNAVAILABLE", "Database unavailable.", { retryAfterSeconds: HEALTH_RETRY_AFTER_SECONDS }),
      { rest: false },
    );
    res.writeHead(unavailable.status, unavailable.headers).end(JSON.stringify({ status: "error", ...unavailable.body }));
  }
}

const server = createServer(serverOptions, (req: IncomingMessage, res: ServerResponse) => {
  if (strictTransportSecurity) res.setHeader("Strict-Transport-Security", strictTransportSecurity);
  const url = req.url ?? "/";
  const pathEnd = url.search(/[?#]/);
  const path = pathEnd === -1 ? url : url.slice(0, pathEnd);
  if (path === "/v1" || path.startsWith("/v1/")) {
    if (handleStream(req, res, path)) return;
    return void handleRest(req, res).catch((error: unknown) => writeError(res, error, { rest: true }));
  }
  if (path === "/api/health" && req.method === "GET") return void health(res);
  // better-auth's sign-in limits key on this header; a client's own copy never reaches Next.
  stampClientAddress(req);
  return void handleNext(req, res).catch((error: unknown) => writeError(res, error, { rest: false }));
});

limitConnections(server);

server.listen(port, host, () => console.log(`[prizepacks] listening on http://${host.includes(":") ? `[${host}]` : host}:${port}`));

function shutDown(): void {
  server.close();
  server.closeAllConnections();
  void database.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on("SIGTERM", shutDown);
process.on("SIGINT", shutDown);
