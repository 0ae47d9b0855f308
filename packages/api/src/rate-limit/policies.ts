import { apiEnv } from "../env.ts";

export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * When the limiter cannot answer (Redis down or slow): true refuses the request (503),
   * false lets it through. Paid opens fail closed; reads fail open.
   */
  failClosed: boolean;
  /** What a refusal says to a person (the web app shows it), before "try again in …". */
  refusal?: string;
}

/** The one table of rate limits. Each is per API key (or, for the web, per user), drops per address. */
export function rateLimitPolicies() {
  const env = apiEnv();
  return {
    open: { name: "open", limit: env.RATE_LIMIT_OPEN_PER_MINUTE, windowSeconds: 60, failClosed: true },
    api: { name: "api", limit: env.RATE_LIMIT_API_PER_MINUTE, windowSeconds: 60, failClosed: false },
    /** Connections to the public drop feed, per client address (it needs no key). */
    drops: { name: "drops", limit: env.RATE_LIMIT_DROPS_PER_MINUTE, windowSeconds: 60, failClosed: false },
  } satisfies Record<string, RateLimitPolicy>;
}

export type RateLimitPolicyName = keyof ReturnType<typeof rateLimitPolicies>;
