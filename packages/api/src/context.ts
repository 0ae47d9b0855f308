import type { Services } from "@prizepacks/core";
import type { Database, Db } from "@prizepacks/db";

/** Which transport built the context; it alone decides how the caller authenticates. */
export type RequestSource = "rest" | "web";

/** The request headers a procedure may read: Fetch's Headers or a view of Node's, whichever the transport has. */
export interface RequestHeaders {
  get(name: string): string | null;
}

export interface Context {
  source: RequestSource;
  /** The process's Services (openServices): its database, the caches kept on it, the seed pairs. */
  services: Services;
  /** services.database: its Prisma client and its SQL runner. */
  database: Database;
  /** services.database.prisma */
  db: Db;
  headers: RequestHeaders;
  /** Set by the REST wrapper when the body was not a JSON object; reported after auth by wellFormedBody (400). */
  malformedBody?: string;
  /**
   * Web only: the signed-in user's id, or null. The web transport supplies it (it owns the
   * session cookie); it must also refuse accounts that may not act (403).
   */
  resolveSessionUserId: () => Promise<string | null>;
  /** Filled by middlewares, sent by the transport (RateLimit-*, Retry-After). */
  responseHeaders: Record<string, string>;
}

export type CreateContextOptions = Omit<Context, "responseHeaders" | "resolveSessionUserId" | "database" | "db"> &
  Partial<Pick<Context, "resolveSessionUserId">>;

export function createContext(opts: CreateContextOptions): Context {
  const { database } = opts.services;
  return { resolveSessionUserId: async () => null, ...opts, database, db: database.prisma, responseHeaders: {} };
}
