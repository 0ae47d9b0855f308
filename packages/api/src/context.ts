import type { Database, Db } from "@prizepacks/db";

/** Which transport built the context; it alone decides how the caller authenticates. */
export type RequestSource = "rest" | "web";

/** The request headers a procedure may read: Fetch's Headers or a view of Node's, whichever the transport has. */
export interface RequestHeaders {
  get(name: string): string | null;
}

export interface Context {
  source: RequestSource;
  /** The process's database: its Prisma client, its SQL runner and the caches kept on it. */
  database: Database;
  /** database.prisma */
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

export type CreateContextOptions = Omit<Context, "responseHeaders" | "resolveSessionUserId" | "db"> &
  Partial<Pick<Context, "resolveSessionUserId">>;

export function createContext(opts: CreateContextOptions): Context {
  return { resolveSessionUserId: async () => null, ...opts, db: opts.database.prisma, responseHeaders: {} };
}
