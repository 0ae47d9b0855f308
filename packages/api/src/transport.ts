import { toAppError } from "./errors.ts";
import type { Context } from "./context.ts";

/** What a /v1 401 says about how to authenticate (RFC 9110 §11.6.1): the API key as a bearer token. */
export const API_KEY_CHALLENGE = 'Bearer realm="prizepacks"';

/**
 * The HTTP side of a tRPC response, for /v1 and /api/trpc alike: the status from our error
 * table, the headers the middlewares collected (RateLimit-*), Retry-After wherever the
 * error says when to come back (429, 503), and on a REST 401 the challenge. Never cached:
 * every answer is per account.
 */
export function responseMetaFor({ ctx, errors }: { ctx?: Context; errors: readonly unknown[] }) {
  const headers: Record<string, string> = { ...(ctx?.responseHeaders ?? {}), "cache-control": "no-store" };
  const error = errors[0] === undefined ? undefined : toAppError(errors[0]);
  if (error?.details.retryAfterSeconds !== undefined) headers["Retry-After"] = String(error.details.retryAfterSeconds);
  // The web app signs in with a session cookie, not a bearer token: only /v1 challenges.
  if (error?.code === "UNAUTHORIZED" && ctx?.source === "rest") headers["WWW-Authenticate"] = API_KEY_CHALLENGE;
  return error ? { status: error.status, headers } : { headers };
}
