import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { AppError } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { instrumentServices, METRICS_CONTENT_TYPE, metricsText } from "@prizepacks/core/metrics";
import { apiEnv } from "./env.ts";
import { writeError } from "./http-error.ts";
import { watchRateLimitStore } from "./rate-limit/limiter.ts";
import { logger } from "@prizepacks/db/log";

/** Answers GET /metrics on the public port when it is for the metrics token's holder; false for anything else. */
export type PublicMetricsHandler = (req: IncomingMessage, res: ServerResponse, path: string) => boolean;

/**
 * Exports the process's metrics when the operator asked for them (both off by default):
 * METRICS_PORT, a listener of its own on METRICS_HOST (loopback by default) answering
 * GET /metrics; METRICS_TOKEN, GET /metrics on the public port for `Authorization: Bearer
 * <token>` only. Starts the gauges that read `services` either way. Called once, at start.
 */
export function startMetricsExport(services: Services): PublicMetricsHandler {
  const env = apiEnv();
  if (env.METRICS_PORT === undefined && env.METRICS_TOKEN === undefined) return () => false;
  instrumentServices(services);
  watchRateLimitStore();
  if (env.METRICS_PORT !== undefined) listenForScrapes(env.METRICS_HOST, env.METRICS_PORT, services);
  const token = env.METRICS_TOKEN;
  if (token === undefined) return () => false;
  const tokenHash = sha256(token);
  return (req, res, path) => {
    if (path !== "/metrics" || req.method !== "GET") return false;
    if (!presentedTokenMatches(req, tokenHash)) {
      writeError(res, new AppError("UNAUTHORIZED", "GET /metrics needs the metrics token as a bearer token."), { rest: true });
      return true;
    }
    void answerScrape(res);
    return true;
  };
}

function listenForScrapes(host: string, port: number, services: Services): void {
  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/metrics" && (req.method === "GET" || req.method === "HEAD")) return void answerScrape(res);
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at GET /metrics\n");
  });
  server.on("error", (error) => logger("metrics").error(`cannot listen on ${host}:${port}: ${error.message}`));
  server.listen(port, host, () =>
    logger("metrics").info(`serving GET /metrics on http://${host.includes(":") ? `[${host}]` : host}:${port}`),
  );
  // Never what keeps the process alive; it closes with the database, as the background jobs stop.
  server.unref();
  services.database.onClose(() => void server.close());
}

async function answerScrape(res: ServerResponse): Promise<void> {
  try {
    const text = await metricsText();
    res.writeHead(200, { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" }).end(text);
  } catch (error) {
    writeError(res, error, { rest: false });
  }
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** Compared as SHA-256 digests with timingSafeEqual: equal lengths, and no early exit that times the token out byte by byte. */
function presentedTokenMatches(req: IncomingMessage, tokenHash: Buffer): boolean {
  const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "");
  return match !== null && timingSafeEqual(sha256(match[1]!), tokenHash);
}
