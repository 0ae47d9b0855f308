import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as IoRedis } from "ioredis";
import { AppError } from "@prizepacks/core";
import { apiEnv } from "../env.ts";
import { rateLimitRefusals, rateLimitStoreUp } from "../metrics.ts";
import type { LimitResult, Limiter } from "./limiter-types.ts";
import { MemoryLimiter } from "./memory-limiter.ts";
import { RedisSlidingLogLimiter } from "./redis-limiter.ts";
import { giveBackToSlidingLog, slidingLog } from "./sliding-log.ts";
import { rateLimitPolicies, type RateLimitPolicy, type RateLimitPolicyName } from "./policies.ts";
import { logger } from "@prizepacks/db/log";

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
  const prefix = `${env.RATE_LIMIT_PREFIX}:rl:${policy.name}`;
  if (store === "redis")
    return new RedisSlidingLogLimiter(sharedIoRedis(env.REDIS_URL!), prefix, policy.limit, policy.windowSeconds * 1000);
  const redis = new UpstashRedis({ url: env.UPSTASH_REDIS_REST_URL!, token: env.UPSTASH_REDIS_REST_TOKEN! });
  const ratelimit = new Ratelimit({
    redis,
    limiter: slidingLog(policy.limit, policy.windowSeconds * 1000),
    prefix,
    // The library's own timeout silently lets requests pass; ours applies failClosed instead.
    timeout: 0,
    analytics: false,
    ephemeralCache: false,
  });
  return {
    async take(identifier) {
      const result = (await ratelimit.limit(identifier)) as Awaited<ReturnType<typeof ratelimit.limit>> & { member?: string };
      return { ...result, token: result.success ? result.member : undefined };
    },
    giveBack: (identifier, token) => giveBackToSlidingLog(redis, `${prefix}:${identifier}`, token),
  };
}

const GLOBAL_KEY = Symbol.for("prizepacks.rateLimiters");
type Registry = { limiters: Map<string, Limiter>; ioredis?: IoRedis; upstash?: UpstashRedis };

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
 * "Unhandled error event". An outage is logged once when it starts and once when it ends, and
 * shows in prizepacks_rate_limit_store_up.
 */
function withOutageLog(redis: IoRedis): IoRedis {
  let down = false;
  redis.on("close", () => rateLimitStoreUp.set({ store: "redis" }, 0));
  redis.on("ready", () => rateLimitStoreUp.set({ store: "redis" }, 1));
  redis.on("error", (error: Error) => {
    rateLimitStoreUp.set({ store: "redis" }, 0);
    if (down) return;
    down = true;
    logger("rate-limit").error(`Redis unavailable (${error.message}); opens and sign-ins answer 503 until it is back`);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    logger("rate-limit").info("Redis is back");
  });
  return redis;
}

/**
 * Connects the store now rather than on the first limited request, so that its health is known
 * (prizepacks_rate_limit_store_up) from the start.
 */
export function watchRateLimitStore(): void {
  if (rateLimitStore() === "redis") sharedIoRedis(apiEnv().REDIS_URL!);
}

/** Whether the configured store answers a ping within STORE_TIMEOUT_MS (the in-memory limiter has none and always does): readiness. */
export async function rateLimitStoreAnswers(): Promise<boolean> {
  const env = apiEnv();
  const store = rateLimitStore();
  if (store === "memory") return true;
  const redis =
    store === "redis"
      ? sharedIoRedis(env.REDIS_URL!)
      : (registry().upstash ??= new UpstashRedis({ url: env.UPSTASH_REDIS_REST_URL!, token: env.UPSTASH_REDIS_REST_TOKEN! }));
  return withTimeout(redis.ping(), STORE_TIMEOUT_MS).then(
    () => true,
    () => false,
  );
}

/** Closes the Redis connection, once no request will need it (the end of a drain). */
export async function closeRateLimitStore(): Promise<void> {
  const r = registry();
  await r.ioredis?.quit().catch(() => r.ioredis?.disconnect());
  r.ioredis = undefined;
}

/** An answer from the store, or none within the timeout (the in-memory limiter has no store to report). */
function reportStoreUp(up: 0 | 1): void {
  const store = rateLimitStore();
  if (store !== "memory") rateLimitStoreUp.set({ store }, up);
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
export async function assertRateLimit(options: { policy: RateLimitPolicyName; identifier: string }): Promise<RateLimitHeaders | null> {
  return (await takeRateLimitSlot(options)).headers;
}

export interface RateLimitSlot {
  /** Null when the store did not answer and the policy lets requests pass. */
  headers: RateLimitHeaders | null;
  /**
   * Un-counts the request, for policies that count outcomes known only afterwards (a failed
   * sign-in): taking the slot first and giving it back keeps parallel requests from all
   * passing a check made before any of them was counted. Never throws; if the store does not
   * answer, the request stays counted.
   */
  giveBack(): Promise<void>;
}

/** assertRateLimit, with a way to un-count the request once its outcome is known. */
export async function takeRateLimitSlot({
  policy: name,
  identifier,
}: {
  policy: RateLimitPolicyName;
  identifier: string;
}): Promise<RateLimitSlot> {
  const policy: RateLimitPolicy = rateLimitPolicies()[name];
  const limiter = limiterFor(policy);
  let result: LimitResult;
  try {
    result = await withTimeout(limiter.take(identifier), STORE_TIMEOUT_MS);
    storeFailing = false;
    reportStoreUp(1);
  } catch (error) {
    reportStoreUp(0);
    if (!storeFailing)
      logger("rate-limit").error(`store not answering (${(error as Error).message}); opens and sign-ins fail closed, other calls pass`);
    storeFailing = true;
    if (policy.failClosed) {
      throw new AppError("UNAVAILABLE", "Rate limiting is unavailable; try again shortly.", {
        retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
      });
    }
    return { headers: null, giveBack: async () => {} };
  }
  const resetSeconds = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
  if (!result.success) {
    rateLimitRefusals.inc({ policy: policy.name });
    const message = policy.refusal
      ? `${policy.refusal}: try again in ${describeWait(resetSeconds)}.`
      : `Rate limit exceeded: ${policy.limit} requests per ${policy.windowSeconds} s. Retry in ${resetSeconds} s.`;
    throw new AppError("RATE_LIMITED", message, { retryAfterSeconds: resetSeconds });
  }
  const token = result.token;
  return {
    headers: {
      "RateLimit-Limit": String(result.limit),
      "RateLimit-Remaining": String(Math.max(0, result.remaining)),
      "RateLimit-Reset": String(resetSeconds),
    },
    async giveBack() {
      if (token === undefined) return;
      try {
        await withTimeout(limiter.giveBack(identifier, token), STORE_TIMEOUT_MS);
      } catch (error) {
        logger("rate-limit").warn(`could not un-count a ${policy.name} request (${(error as Error).message}); it stays counted`);
      }
    },
  };
}

/** "40 seconds", "1 minute", "15 minutes": for messages people read. */
function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
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
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
