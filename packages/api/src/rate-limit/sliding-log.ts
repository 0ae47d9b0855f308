import { createHash } from "node:crypto";
import { newId } from "@prizepacks/db/ids";
import type { Ratelimit } from "@upstash/ratelimit";

type Algorithm = ConstructorParameters<typeof Ratelimit>[0]["limiter"];
export type EvalClient = {
  evalsha(hash: string, keys: string[], args: Array<string | number>): Promise<unknown>;
  eval(script: string, keys: string[], args: Array<string | number>): Promise<unknown>;
};

// One sorted set per identifier: a member per counted request, scored by the Redis server's
// own clock in milliseconds (so instances whose clocks differ still agree). A request counts
// when fewer than `limit` members are younger than the window, so no rolling window ever
// holds more than `limit` counted requests, wherever it starts. Returns
// {admitted, count, reset}: reset is when the oldest counted request leaves the window.
export const LIMIT_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local admitted = 0
if count < limit then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  count = count + 1
  admitted = 1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local reset = now + window
if oldest[2] then reset = tonumber(oldest[2]) + window end
return {admitted, count, reset}
`;

const REMAINING_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local count = redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')
local oldest = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
local reset = now + tonumber(ARGV[1])
if oldest[2] then reset = tonumber(oldest[2]) + tonumber(ARGV[1]) end
return {count, reset}
`;

const RESET_SCRIPT = "return redis.call('DEL', KEYS[1])";

/** Removes one counted request (its member) from the log. */
export const GIVE_BACK_SCRIPT = "return redis.call('ZREM', KEYS[1], ARGV[1])";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
const LIMIT_SHA = sha1(LIMIT_SCRIPT);
const REMAINING_SHA = sha1(REMAINING_SCRIPT);
const RESET_SHA = sha1(RESET_SCRIPT);
const GIVE_BACK_SHA = sha1(GIVE_BACK_SCRIPT);

async function run(redis: EvalClient, script: string, hash: string, keys: string[], args: Array<string | number>) {
  try {
    return await redis.evalsha(hash, keys, args);
  } catch (error) {
    if (!String(error).includes("NOSCRIPT")) throw error;
    return redis.eval(script, keys, args);
  }
}

/**
 * An exact sliding log for @upstash/ratelimit, on Upstash and on stock Redis alike. The
 * library's slidingWindow approximates with two clock-aligned windows and lets up to about
 * twice the limit through across a window edge; the contract's "30 opens per minute" must
 * hold in every rolling minute. At 30 or 120 entries a key the log is cheap.
 */
export function slidingLog(limit: number, windowMs: number): Algorithm {
  return () => ({
    async limit(ctx, identifier) {
      const redis = (ctx as unknown as { redis: EvalClient }).redis;
      const member = newId();
      const [admitted, count, reset] = (await run(redis, LIMIT_SCRIPT, LIMIT_SHA, [identifier], [limit, windowMs, member])) as number[];
      // The member goes back with the answer (@upstash/ratelimit passes the object through) so
      // that giveBackToSlidingLog can remove exactly this request.
      return { success: admitted === 1, limit, remaining: Math.max(0, limit - count!), reset: reset!, pending: Promise.resolve(), member };
    },
    async getRemaining(ctx, identifier) {
      const redis = (ctx as unknown as { redis: EvalClient }).redis;
      const [count, reset] = (await run(redis, REMAINING_SCRIPT, REMAINING_SHA, [identifier], [windowMs])) as number[];
      return { remaining: Math.max(0, limit - count!), reset: reset!, limit };
    },
    async resetTokens(ctx, identifier) {
      const redis = (ctx as unknown as { redis: EvalClient }).redis;
      await run(redis, RESET_SCRIPT, RESET_SHA, [identifier], []);
    },
  });
}

/**
 * Un-counts one admitted request: `key` is the limiter's prefix and the identifier joined by
 * ":" (as @upstash/ratelimit builds it), `member` what the limit call returned.
 */
export async function giveBackToSlidingLog(redis: EvalClient, key: string, member: string): Promise<void> {
  await run(redis, GIVE_BACK_SCRIPT, GIVE_BACK_SHA, [key], [member]);
}
