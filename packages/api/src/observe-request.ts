import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { accessLogger, runWithRequest, type RequestContext } from "@prizepacks/db/log";
import { httpRequestDuration } from "./metrics.ts";
import { createRouteTemplate, type NextRoute } from "./route-template.ts";

export { readNextRoutes } from "./route-template.ts";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A proxy's or a bot's own id is kept when it is this: short, and safe in a header and a log line. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** nginx's "client closed request": the client left before any status was sent. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * Wraps the server's request handler: each request gets an id (the client's X-Request-Id when
 * well-formed, else a new UUID), echoed in X-Request-Id on its response whoever answers it,
 * carried by every log line written while it is served (the request context of
 * @prizepacks/db/log) and by its 5xx body (http-error.ts). When the response is done, one log
 * line and one observation of prizepacks_http_request_duration_seconds: method, route template,
 * status, duration, request id and the account when one was authenticated. `nextRoutes`: the
 * Next.js app's pages (readNextRoutes), for their route templates. Nothing else of
 * the request is written: not its path (it may carry a token), never a header.
 */
export function observeRequests(handle: RequestHandler, { nextRoutes }: { nextRoutes: NextRoute[] }): RequestHandler {
  const routeTemplate = createRouteTemplate({ nextRoutes });
  return (req, res) => {
    const started = performance.now();
    const presented = req.headers["x-request-id"];
    const request: RequestContext = {
      requestId: typeof presented === "string" && WELL_FORMED_REQUEST_ID.test(presented) ? presented : randomUUID(),
    };
    res.setHeader("X-Request-Id", request.requestId);
    let observed = false;
    const observe = () => {
      if (observed) return;
      observed = true;
      const seconds = (performance.now() - started) / 1000;
      const method = req.method ?? "GET";
      const route = routeTemplate(method, pathOf(req.url));
      const status = res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST;
      httpRequestDuration.observe({ route, method, status: String(status) }, seconds);
      const line = {
        requestId: request.requestId,
        ...(request.accountId !== undefined && { accountId: request.accountId }),
        method,
        route,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        // Cut off: the client left, or the answer failed after its headers (http-error.ts).
        ...(!res.writableFinished && { completed: false }),
      };
      if (status >= 500) accessLogger().warn(line, "request");
      else accessLogger().info(line, "request");
    };
    res.once("finish", observe);
    res.once("close", observe);
    runWithRequest(request, () => handle(req, res));
  };
}

function pathOf(url = "/"): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
