import { toAppError } from "./errors.ts";
import type { Context } from "./context.ts";

/**
 * The HTTP side of a tRPC response, for /v1 and /api/trpc alike: the status from our error
 * table, the headers the middlewares collected (RateLimit-*), and Retry-After wherever the
 * error says when to come back (429, 503). Never cached: every answer is per account.
 */
export function responseMetaFor({ ctx, errors }: { ctx?: Context; errors: readonly unknown[] }) {
  const headers: Record<string, string> = { ...(ctx?.responseHeaders ?? {}), "cache-control": "no-store" };
  const error = errors[0] === undefined ? undefined : toAppError(errors[0]);
  if (error?.details.retryAfterSeconds !== undefined) headers["Retry-After"] = String(error.details.retryAfterSeconds);
  return error ? { status: error.status, headers } : { headers };
}
