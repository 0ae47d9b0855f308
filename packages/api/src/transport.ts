import { errorHeaders } from "./http-error.ts";
import { toAppError } from "./errors.ts";
import type { Context } from "./context.ts";

/**
 * The HTTP side of a tRPC response, for /v1 and /api/trpc alike: the status from our error
 * table, the headers the middlewares collected (RateLimit-*), and the error's own headers
 * (http-error.ts). Never cached: every answer is per account. The body is tRPC's, from the
 * errorFormatter (rest.ts reshapes it for /v1).
 */
export function responseMetaFor({ ctx, errors }: { ctx?: Context; errors: readonly unknown[] }) {
  const headers: Record<string, string> = { ...(ctx?.responseHeaders ?? {}), "cache-control": "no-store" };
  if (errors[0] === undefined) return { headers };
  const error = toAppError(errors[0]);
  return { status: error.status, headers: { ...headers, ...errorHeaders(error, { rest: ctx?.source === "rest" }) } };
}
