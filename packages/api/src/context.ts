import type { MailSender } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";

/** Which transport built the context; it alone decides how the caller authenticates. */
export type RequestSource = "rest" | "web";

/** The request headers a procedure may read: Fetch's Headers or a view of Node's, whichever the transport has. */
export interface RequestHeaders {
  get(name: string): string | null;
}

/**
 * The outcome of checking a second-factor code (TOTP or a backup code) for the signed-in user.
 * "used": a right code that was used already (each code moves money once); not a wrong guess.
 * "unavailable": the transport has no second factor to offer (REST: an API key never moves money out).
 */
export type SecondFactorCheck = "ok" | "wrong" | "used" | "not_enrolled" | "unavailable";

export interface Context {
  source: RequestSource;
  /** The process's Services (openServices): its database, the caches kept on it, the seed pairs. */
  services: Services;
  headers: RequestHeaders;
  /** Set by the REST wrapper when the body was not a JSON object; reported after auth by wellFormedBody (400). */
  malformedBody?: string;
  /**
   * Web only: the signed-in user's id, or null. The web transport supplies it (it owns the
   * session cookie); it must also refuse accounts that may not act (403).
   */
  resolveSessionUserId: () => Promise<string | null>;
  /**
   * Web only: checks a second-factor code for the session's user. The web transport supplies it
   * (auth owns the secrets); REST answers "unavailable", so money-out procedures refuse API keys.
   */
  verifySecondFactor: (userId: string, code: string) => Promise<SecondFactorCheck>;
  /**
   * Web only: how a procedure mails the account (payout destination confirmations). The web
   * transport supplies auth's mailer and the app's public URL; null elsewhere.
   */
  mailer: MailSender | null;
  /** Filled by middlewares, sent by the transport (RateLimit-*, Retry-After). */
  responseHeaders: Record<string, string>;
  /** Un-counts what the rate limits counted for this request: REST's 304 to a conditional read costs nothing. */
  rateLimitGiveBacks: Array<() => Promise<void>>;
}

export type CreateContextOptions = Omit<
  Context,
  "responseHeaders" | "rateLimitGiveBacks" | "resolveSessionUserId" | "verifySecondFactor" | "mailer"
> &
  Partial<Pick<Context, "resolveSessionUserId" | "verifySecondFactor" | "mailer">>;

const noSession = async () => null;
const noSecondFactor = async (): Promise<SecondFactorCheck> => "unavailable";

/** Every field named, in one order: every request's context has one shape (V8 keeps its property accesses fast), built without copying. */
export function createContext(opts: CreateContextOptions): Context {
  return {
    source: opts.source,
    services: opts.services,
    headers: opts.headers,
    malformedBody: opts.malformedBody,
    resolveSessionUserId: opts.resolveSessionUserId ?? noSession,
    verifySecondFactor: opts.verifySecondFactor ?? noSecondFactor,
    mailer: opts.mailer ?? null,
    responseHeaders: {},
    rateLimitGiveBacks: [],
  };
}
