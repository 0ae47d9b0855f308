import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeKind,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  normalizePath,
  unwrapZodType,
  type OpenApiMethod,
  type OpenApiProcedureRecord,
} from "trpc-to-openapi";
import { AppError } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { createContext, type Context } from "./context.ts";
import { toAppError } from "./errors.ts";
import { errorBody } from "./http-error.ts";
import { appRouter } from "./root.ts";
import type { ProcedureMeta } from "./router/shared/rest-meta.ts";
import { responseMetaFor } from "./transport.ts";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_BODY_BYTES = 64 * 1024;

/** A procedure as tRPC's caller invokes it: the options createCaller passes, its output (or a thrown TRPCError). */
type RestProcedure = (opts: {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: Context;
  type: "query" | "mutation";
  signal: undefined;
  batchIndex: number;
}) => Promise<unknown>;

type RestRequest = IncomingMessage & { body?: unknown; malformedBody?: string };
type Field = Parameters<typeof unwrapZodType>[0];

/** A /v1 route: the procedure an OpenAPI method and path template lead to, and its input's fields. */
interface RestRoute {
  method: OpenApiMethod;
  pattern: RegExp;
  /** The procedure's tRPC path, battles.join. */
  path: string;
  /** The procedure itself, called as tRPC's server-side caller calls it (createCaller), without its per-request proxy. */
  procedure: RestProcedure;
  type: "query" | "mutation";
  /** Undefined when the procedure takes no input (z.void()). */
  fields: Record<string, Field> | undefined;
  /** The status of a success (201 for what a POST creates). */
  successStatus: number;
  /** A read answered with an ETag, and 304 (not counted against the rate limit) to a current If-None-Match. */
  conditional: boolean;
}

/**
 * The REST facade: /v1/* through the same tRPC procedures the web app calls. Served by the
 * app's own HTTP server in front of Next.js, so every /v1 path (double slashes, trailing
 * slashes and broken escapes included) is answered here, in JSON.
 *
 * Routes are found as trpc-to-openapi's Node handler finds them (its path templates, in the
 * router's order), but the procedure is called here: that handler sets `coerce` on every
 * boolean and number field of every input before calling it, with no option to turn that off,
 * so a JSON body's "false" became true and "" seat 0. Worse, the schemas are the procedure's
 * own objects, shared with /api/trpc and the domain functions' checks, so once /v1 had served
 * a procedure, tRPC coerced its input too. A body is passed as sent and parsed exactly as tRPC
 * parses it; only path and query parameters, which are text, are read by their field's type
 * (restParameter).
 */
export function createRestHandler({ services }: { services: Services }) {
  const routes = restRoutes(appRouter._def.procedures);

  return async function handleRestRequest(req: RestRequest, res: ServerResponse): Promise<void> {
    const head = req.method === "HEAD";
    // HEAD is GET without the body.
    if (head) req.method = "GET";
    await readBody(req);
    finishResponses(res, { head });
    const method = req.method ?? "GET";
    const url = new URL(req.url?.startsWith("/") ? `http://127.0.0.1${req.url}` : (req.url ?? "/"), "http://127.0.0.1");
    const path = normalizePath(url.pathname);
    let ctx: Context | undefined;
    try {
      const found = findRoute(routes.get(method), path);
      if (!found) throw new AppError("NOT_FOUND", `No such route: ${method} ${(req.url ?? "").split("?")[0]}`);
      const { route, pathValues } = found;
      const body = acceptsRequestBody(route.method) ? req.body : undefined;
      const input = route.fields && restInput(route.fields, { body, url, pathValues });
      ctx = createContext({ source: "rest", services, headers: toHeaders(req.headers), malformedBody: req.malformedBody });
      const data = await route.procedure({
        path: route.path,
        getRawInput: async () => input,
        ctx,
        type: route.type,
        signal: undefined,
        batchIndex: 0,
      });
      const { headers } = responseMetaFor({ ctx, errors: [] });
      if (route.conditional) await sendConditional(req, res, ctx, headers, data);
      else send(res, route.successStatus, headers, data);
    } catch (cause) {
      const meta = responseMetaFor({ ctx, errors: [cause] });
      send(res, meta.status ?? 500, meta.headers, errorBody(toAppError(cause)));
    }
  };
}

/** The routes by method, each method's in the router's order: built once, at start. */
function restRoutes(procedures: OpenApiProcedureRecord): Map<string, RestRoute[]> {
  const routes = new Map<string, RestRoute[]>();
  forEachOpenApiProcedure<ProcedureMeta>(procedures, ({ path, type, procedure, meta: { openapi, successStatus, conditional } }) => {
    if (type === "subscription") return;
    const input = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
    if (!routes.has(openapi.method)) routes.set(openapi.method, []);
    routes.get(openapi.method)!.push({
      method: openapi.method,
      pattern: getPathRegExp(normalizePath(openapi.path)),
      path,
      procedure,
      type,
      fields: instanceofZodTypeLikeVoid(input) ? undefined : instanceofZodTypeObject(input) ? input.shape : {},
      successStatus: successStatus ?? 200,
      conditional: conditional === true,
    });
  });
  return routes;
}

/** The first route (in the router's order, as trpc-to-openapi picks) of the method for the path, and the path's parameters. */
function findRoute(routes: readonly RestRoute[] | undefined, path: string) {
  for (const route of routes ?? []) {
    const match = route.pattern.exec(path);
    if (match) return { route, pathValues: match.groups ?? {} };
  }
  return undefined;
}

/**
 * A procedure's input from the request: the JSON body as it came (a body method), or the query
 * string, each with the path's parameters over it. No /v1 query parameter is a list: a repeated
 * one is passed as an array, which its schema refuses.
 */
function restInput(
  fields: Record<string, Field>,
  { body, url, pathValues }: { body: unknown; url: URL; pathValues: Record<string, string> },
): Record<string, unknown> {
  const input: Record<string, unknown> = { ...(body as Record<string, unknown> | undefined) };
  if (body === undefined) {
    for (const name of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(name).map((text) => restParameter(fields[name], text));
      input[name] = values.length === 1 ? values[0] : values;
    }
  }
  for (const [name, text] of Object.entries(pathValues)) input[name] = restParameter(fields[name], text);
  return input;
}

/** A number as JSON writes one: no blanks, no hex, no Infinity or NaN, no leading + or trailing dot. */
const WELL_FORMED_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A path or query parameter, which is text, as its field's type: a well-formed number for a
 * number, exactly true or false for a boolean. Anything else stays text, for the field's own
 * schema to refuse (400).
 */
function restParameter(field: Field | undefined, text: string): unknown {
  if (!field) return text;
  const type = unwrapZodType(field, true);
  if (instanceofZodTypeKind(type, "number") && WELL_FORMED_NUMBER.test(text)) return Number(text);
  if (instanceofZodTypeKind(type, "boolean") && (text === "true" || text === "false")) return text === "true";
  return text;
}

/**
 * A conditional read (RFC 9110): a strong ETag of the body it would send, and 304 with no body
 * when If-None-Match names it (or is *), the rate-limit slots it took given back, as GitHub does:
 * a poll that finds nothing new costs the caller nothing. The ETag is the body's hash, so any
 * change anywhere (another instance's catalogue, a pack's count of openings) is a new one.
 * `no-cache` lets a client keep the body and revalidate it; other answers stay `no-store`.
 */
async function sendConditional(req: IncomingMessage, res: ServerResponse, ctx: Context, headers: Record<string, string>, data: unknown) {
  const body = JSON.stringify(data ?? null);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const conditional: Record<string, string> = { ...headers, ETag: etag, "cache-control": "no-cache" };
  // The body as hashed, not serialized a second time (the catalogue is the largest body /v1 sends).
  if (!ifNoneMatch(req.headers["if-none-match"], etag)) return sendText(res, 200, conditional, body);
  await Promise.all(ctx.rateLimitGiveBacks.map((giveBack) => giveBack()));
  // What the 304 stands for is the 200 of this request, before it was counted.
  const remaining = Number(conditional["RateLimit-Remaining"]);
  if (Number.isFinite(remaining)) conditional["RateLimit-Remaining"] = String(remaining + 1);
  res.statusCode = 304;
  for (const [name, value] of Object.entries(conditional)) res.setHeader(name, value);
  res.end();
}

/** If-None-Match against a strong ETag, by the weak comparison RFC 9110 asks of it (a W/ prefix matches too). */
function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = (Array.isArray(header) ? header.join(",") : header).split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes("*") || tags.includes(etag);
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown): void {
  sendText(res, status, headers, JSON.stringify(body ?? null));
}

/** A JSON body already serialized. */
function sendText(res: ServerResponse, status: number, headers: Record<string, string>, json: string): void {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(json);
}

/**
 * Every body is read here, at most 64 KiB of it: empty becomes `{}` (the seed's bots send
 * none, and no Content-Type), a JSON object passes whatever its Content-Type (curl -d sends form
 * encoding), and anything else is remembered (reported by every procedure that takes a body,
 * after authentication) and replaced by `{}`.
 */
async function readBody(req: RestRequest): Promise<void> {
  if (!BODY_METHODS.has(req.method ?? "")) return;
  const declaredJson = /^application\/json\b/i.test(String(req.headers["content-type"] ?? ""));
  const text = await readTextUpTo(req, MAX_BODY_BYTES);
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

/** Every /v1 answer, ours or writeError's (when the handler itself failed): never cached, never sniffed, its length, no body to a HEAD. */
function finishResponses(res: ServerResponse, { head }: { head: boolean }): void {
  const end = res.end.bind(res) as (chunk?: string) => ServerResponse;
  res.end = ((chunk?: unknown) => {
    if (!res.hasHeader("cache-control")) res.setHeader("cache-control", "no-store");
    res.setHeader("x-content-type-options", "nosniff");
    const body = typeof chunk === "string" ? chunk : undefined;
    if (body !== undefined) res.setHeader("content-length", Buffer.byteLength(body));
    return end(head ? undefined : body);
  }) as typeof res.end;
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
