import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as IoRedis } from "ioredis";
import { AppError } from "@prizepacks/core";
import { apiEnv } from "../env.ts";
import { IoRedisRatelimitAdapter } from "./ioredis-adapter.ts";
import { MemoryLimiter } from "./memory-limiter.ts";
import { slidingLog } from "./sliding-log.ts";
import { rateLimitPolicies, type RateLimitPolicy, type RateLimitPolicyName } from "./policies.ts";

export interface LimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the window frees up. */
  reset: number;
}

export interface Limiter {
  take(identifier: string): Promise<LimitResult>;
}

/** How long we wait for the store before applying the policy's failClosed rule. */
const STORE_TIMEOUT_MS = 1_000;
const STORE_RETRY_AFTER_SECONDS = 2;
/** Logged once per outage, not once per request. */
let storeFailing = false;

export type RateLimitStore = "redis" | "upstash" | "memory";

export function rateLimitStore(): RateLimitStore {
  const env = apiEnv();
  if (env.REDIS_URL) return "redis";
  if (env.UPSTASH_REDIS_REST_URL) return "upstash";
  return "memory";
}

function createLimiter(policy: RateLimitPolicy): Limiter {
  const env = apiEnv();
  const store = rateLimitStore();
  if (store === "memory") return new MemoryLimiter(policy.limit, policy.windowSeconds * 1000);
  const redis =
    store === "redis"
      ? new IoRedisRatelimitAdapter(sharedIoRedis(env.REDIS_URL!))
      : new UpstashRedis({ url: env.UPSTASH_REDIS_REST_URL!, token: env.UPSTASH_REDIS_REST_TOKEN! });
  const ratelimit = new Ratelimit({
    redis: redis as unknown as UpstashRedis,
    limiter: slidingLog(policy.limit, policy.windowSeconds * 1000),
    prefix: `${env.RATE_LIMIT_PREFIX}:rl:${policy.name}`,
    // The library's own timeout silently lets requests pass; ours applies failClosed instead.
    timeout: 0,
    analytics: false,
    ephemeralCache: false,
  });
  return { take: (identifier) => ratelimit.limit(identifier) };
}

const GLOBAL_KEY = Symbol.for("prizepacks.rateLimiters");
type Registry = { limiters: Map<string, Limiter>; ioredis?: IoRedis };

function registry(): Registry {
  const g = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Registry };
  g[GLOBAL_KEY] ??= { limiters: new Map() };
  return g[GLOBAL_KEY];
}

function sharedIoRedis(url: string): IoRedis {
  const r = registry();
  // Auto-pipelining sends the limit checks of all requests in one event-loop turn as one write.
  r.ioredis ??= withOutageLog(
    new IoRedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true }),
  );
  return r.ioredis;
}

/**
 * ioredis emits "error" on every failed reconnect; without a listener each one is an
 * "Unhandled error event". An outage is logged once when it starts and once when it ends.
 */
function withOutageLog(redis: IoRedis): IoRedis {
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    console.error(`[rate-limit] Redis unavailable (${error.message}); opens answer 503 until it is back`);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    console.error("[rate-limit] Redis is back");
  });
  return redis;
}

function limiterFor(policy: RateLimitPolicy): Limiter {
  const r = registry();
  let limiter = r.limiters.get(policy.name);
  if (!limiter) {
    limiter = createLimiter(policy);
    r.limiters.set(policy.name, limiter);
  }
  return limiter;
}

export interface RateLimitHeaders {
  "RateLimit-Limit": string;
  "RateLimit-Remaining": string;
  "RateLimit-Reset": string;
}

/**
 * Counts one request against a policy. Returns the RateLimit-* headers, or throws
 * RATE_LIMITED (429, with seconds to wait) or UNAVAILABLE (503, when a fail-closed
 * policy's store does not answer).
 */
export async function assertRateLimit({
  policy: name,
  identifier,
}: {
  policy: RateLimitPolicyName;
  identifier: string;
}): Promise<RateLimitHeaders | null> {
  const policy = rateLimitPolicies()[name];
  let result: LimitResult;
  try {
    result = await withTimeout(limiterFor(policy).take(identifier), STORE_TIMEOUT_MS);
    storeFailing = false;
  } catch (error) {
    if (!storeFailing) console.error(`[rate-limit] store not answering (${(error as Error).message}); opens fail closed, other calls pass`);
    storeFailing = true;
    if (policy.failClosed) {
      throw new AppError("UNAVAILABLE", "Rate limiting is unavailable; try again shortly.", { retryAfterSeconds: STORE_RETRY_AFTER_SECONDS });
    }
    return null;
  }
  const resetSeconds = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
  if (!result.success) {
    throw new AppError("RATE_LIMITED", `Rate limit exceeded: ${policy.limit} requests per ${policy.windowSeconds} s. Retry in ${resetSeconds} s.`, {
      retryAfterSeconds: resetSeconds,
    });
  }
  return {
    "RateLimit-Limit": String(result.limit),
    "RateLimit-Remaining": String(Math.max(0, result.remaining)),
    "RateLimit-Reset": String(resetSeconds),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
