import type { Db } from "@prizepacks/db";

/** Which transport built the context; it alone decides how the caller authenticates. */
export type RequestSource = "rest" | "web";

export interface Context {
  source: RequestSource;
  db: Db;
  headers: Headers;
  /** Set by the REST wrapper when the body was not valid JSON; reported after auth (400). */
  malformedBody?: string;
  /** Filled by middlewares, sent by the transport (RateLimit-*, Retry-After). */
  responseHeaders: Record<string, string>;
}

export function createContext(opts: Omit<Context, "responseHeaders">): Context {
  return { ...opts, responseHeaders: {} };
}
