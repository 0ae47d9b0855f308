import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Db } from "@prizepacks/db";
import type { ErrorResponse } from "@prizepacks/core";
import { createContext, type Context } from "./context.ts";
import { inputIssuesMessage } from "./errors.ts";
import { appRouter } from "./root.ts";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_BODY_BYTES = 64 * 1024;

interface NormalizedRequest {
  request: Request;
  malformedBody?: string;
}

/**
 * trpc-to-openapi answers a POST without Content-Type with 415 and an empty JSON body with
 * 400, but the seed's bots send either. So every body is read here: empty becomes `{}`, a
 * JSON object passes whatever its Content-Type (curl -d sends form encoding), and anything
 * else is remembered (reported by every procedure that accepts a body, after authentication)
 * and replaced by `{}`.
 */
async function normalizeRequest(req: Request): Promise<NormalizedRequest> {
  if (!BODY_METHODS.has(req.method)) return { request: req };
  const text = await readBodyUpTo(req, MAX_BODY_BYTES);
  let malformedBody: string | undefined;
  if (text === undefined) {
    malformedBody = `The request body is larger than ${MAX_BODY_BYTES} bytes.`;
  } else if (text.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      const declaredJson = /^application\/json\b/i.test(req.headers.get("content-type") ?? "");
      malformedBody = declaredJson
        ? "The request body is not valid JSON."
        : "Send the request body as JSON with Content-Type: application/json.";
    }
    if (!malformedBody) {
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return { request: rebuild(req, text) };
      malformedBody = "The request body must be a JSON object.";
    }
  }
  return { request: rebuild(req, "{}"), malformedBody };
}

/** The body as text, or undefined once it exceeds `limit` bytes (the rest is never buffered). */
async function readBodyUpTo(req: Request, limit: number): Promise<string | undefined> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function rebuild(req: Request, body: string): Request {
  const headers = new Headers(req.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(req.url, { method: req.method, headers, body, signal: req.signal });
}

interface TrpcOpenApiErrorBody {
  message?: string;
  data?: { code?: ErrorResponse["code"]; retryAfter?: number; issues?: ErrorResponse["issues"] };
}

/** Reshapes trpc-to-openapi's error body into ours: { message, code, issues?, retryAfter? }. */
async function toErrorResponse(response: Response, req: Request): Promise<Response> {
  const raw = (await response.json().catch(() => ({}))) as TrpcOpenApiErrorBody;
  const code = raw.data?.code ?? (response.status === 404 ? "NOT_FOUND" : response.status < 500 ? "BAD_REQUEST" : "INTERNAL");
  let message = raw.message ?? "Error";
  if (response.status === 404 && message === "Not found") {
    message = `No such route: ${req.method} ${new URL(req.url).pathname}`;
  }
  // trpc-to-openapi replaces the message of input errors by "Input validation failed"; say which field.
  if (raw.data?.issues?.length) message = inputIssuesMessage(raw.data.issues);
  const body: ErrorResponse = { message, code };
  if (raw.data?.issues) body.issues = raw.data.issues;
  if (raw.data?.retryAfter !== undefined) body.retryAfter = raw.data.retryAfter;
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/** The REST facade: /v1/* through the same tRPC procedures the web app calls. */
export async function handleRestRequest(req: Request, { db }: { db: Db }): Promise<Response> {
  // HEAD is GET without the body (trpc-to-openapi would answer it 204 without running anything).
  if (req.method === "HEAD") {
    const response = await handleRestRequest(new Request(req.url, { method: "GET", headers: req.headers, signal: req.signal }), { db });
    return new Response(null, { status: response.status, headers: response.headers });
  }
  const { request, malformedBody } = await normalizeRequest(req);
  const response = await createOpenApiFetchHandler({
    // Our meta paths are the full /v1/... paths, so nothing is stripped from the URL.
    endpoint: "" as `/${string}`,
    req: request,
    router: appRouter,
    createContext: () => createContext({ source: "rest", db, headers: request.headers, malformedBody }),
    responseMeta: ({ ctx }: { ctx?: Context }) => ({ headers: ctx?.responseHeaders ?? {} }),
    onError: ({ error }: { error: { code: string; cause?: unknown } }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error("[rest] internal error", error.cause ?? error);
    },
  } as unknown as Parameters<typeof createOpenApiFetchHandler>[0]);
  const result = response.status >= 400 ? await toErrorResponse(response, req) : response;
  result.headers.set("cache-control", "no-store");
  return result;
}
export { rateLimitStore } from "./rate-limit/limiter.ts";
