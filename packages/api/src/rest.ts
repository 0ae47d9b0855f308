import type { IncomingMessage, ServerResponse } from "node:http";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { AppError, Services } from "@prizepacks/core";
import { createContext, type Context } from "./context.ts";
import { toAppError } from "./errors.ts";
import { errorBody } from "./http-error.ts";
import { appRouter } from "./root.ts";
import { responseMetaFor } from "./transport.ts";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_BODY_BYTES = 64 * 1024;

type RestRequest = IncomingMessage & { body?: unknown };

// The error each failed request ended with, as trpc-to-openapi reports it (onError), for its body.
const failures = new WeakMap<IncomingMessage, AppError>();

/**
 * The REST facade: /v1/* through the same tRPC procedures the web app calls, by
 * trpc-to-openapi's Node handler. Served by the app's own HTTP server in front of Next.js, so
 * every /v1 path (double slashes, trailing slashes and broken escapes included) is answered
 * here, in JSON.
 */
export function createRestHandler({ services }: { services: Services }) {
  const handler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: RestRequest & { malformedBody?: string } }) =>
      createContext({ source: "rest", services, headers: toHeaders(req.headers), malformedBody: req.malformedBody }),
    responseMeta: responseMetaFor,
    onError: ({ error, req }: { error: unknown; req: IncomingMessage }) => failures.set(req, toAppError(error)),
  });

  return async function handleRestRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const head = req.method === "HEAD";
    // HEAD is GET without the body (trpc-to-openapi would answer it 204 without running anything).
    if (head) req.method = "GET";
    await readBody(req);
    reshapeResponses(req, res, { head });
    await handler(req, res);
  };
}

/**
 * trpc-to-openapi answers a POST without Content-Type with 415 and an empty JSON body with
 * 400, but the seed's bots send either. So every body is read here, at most 64 KiB of it:
 * empty becomes `{}`, a JSON object passes whatever its Content-Type (curl -d sends form
 * encoding), and anything else is remembered (reported by every procedure that takes a body,
 * after authentication) and replaced by `{}`.
 */
async function readBody(req: RestRequest & { malformedBody?: string }): Promise<void> {
  if (!BODY_METHODS.has(req.method ?? "")) return;
  const declaredJson = /^application\/json\b/i.test(String(req.headers["content-type"] ?? ""));
  const text = await readTextUpTo(req, MAX_BODY_BYTES);
  req.headers["content-type"] = "application/json";
  req.body = {};
  if (text === undefined) {
    req.malformedBody = `The request body is larger than ${MAX_BODY_BYTES} bytes.`;
    return;
  }
  if (text.trim() === "") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    req.malformedBody = declaredJson
      ? "The request body is not valid JSON."
      : "Send the request body as JSON with Content-Type: application/json.";
    return;
  }
  if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) req.body = parsed;
  else req.malformedBody = "The request body must be a JSON object.";
}

/** The body as text, or undefined once it exceeds `limit` bytes (the rest is discarded, never buffered). */
function readTextUpTo(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder();
    let text = "";
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        req.off("data", onData);
        req.off("end", onEnd);
        req.resume();
        resolve(undefined);
        return;
      }
      text += decoder.decode(chunk, { stream: true });
    };
    const onEnd = () => resolve(text + decoder.decode());
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}

/**
 * trpc-to-openapi writes its own error body ({ message, code: <tRPC code>, data, ... }); ours
 * is the one every endpoint answers with (http-error.ts), from the error it reported. A body
 * written by anyone else (writeError, when the handler itself failed) is already ours.
 */
function reshapeResponses(req: IncomingMessage, res: ServerResponse, { head }: { head: boolean }): void {
  const end = res.end.bind(res) as (chunk?: string) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    res.setHeader("cache-control", "no-store");
    res.setHeader("x-content-type-options", "nosniff");
    let body = typeof chunk === "string" ? chunk : undefined;
    const failure = failures.get(req);
    if (failure && res.statusCode >= 400 && body !== undefined) {
      failures.delete(req);
      body = JSON.stringify(restErrorBody(req, failure));
    }
    if (body !== undefined) res.setHeader("content-length", Buffer.byteLength(body));
    return end(head ? undefined : body);
  }) as typeof res.end;
}

function restErrorBody(req: IncomingMessage, failure: AppError) {
  const body = errorBody(failure);
  if (body.code === "NOT_FOUND" && body.message === "No such route.") {
    body.message = `No such route: ${req.method} ${(req.url ?? "").split("?")[0]}`;
  }
  return body;
}

/** Node's headers as the procedures read them, without building a Fetch Headers object per request. */
function toHeaders(incoming: IncomingMessage["headers"]): Context["headers"] {
  return {
    get(name) {
      const value = incoming[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

export { rateLimitStore } from "./rate-limit/limiter.ts";
