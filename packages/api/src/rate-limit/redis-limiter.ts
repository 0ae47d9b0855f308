import type { Redis } from "ioredis";
import { newId } from "@prizepacks/db/ids";
import type { LimitResult, Limiter } from "./limiter-types.ts";
import { GIVE_BACK_SCRIPT, LIMIT_SCRIPT } from "./sliding-log.ts";

/** The scripts as ioredis commands: each sent by its hash (EVALSHA, the source only after a NOSCRIPT), hashed once. */
interface SlidingLogCommands {
  prizepacksSlidingLogTake(key: string, limit: number, windowMs: number, member: string): Promise<[number, number, number]>;
  prizepacksSlidingLogGiveBack(key: string, member: string): Promise<number>;
}

const defined = new WeakSet<Redis>();

function commands(redis: Redis): Redis & SlidingLogCommands {
  if (!defined.has(redis)) {
    redis.defineCommand("prizepacksSlidingLogTake", { numberOfKeys: 1, lua: LIMIT_SCRIPT });
    redis.defineCommand("prizepacksSlidingLogGiveBack", { numberOfKeys: 1, lua: GIVE_BACK_SCRIPT });
    defined.add(redis);
  }
  return redis as Redis & SlidingLogCommands;
}

/**
 * The exact sliding log (sliding-log.ts's script) on stock Redis, called straight through
 * ioredis: one EVALSHA per request, auto-pipelined with the other requests of the same event-loop
 * turn. Through @upstash/ratelimit and its adapter each check also built the library's request
 * object and hashed the script again (3.7 % of the server's thread per HTTP opening,
 * docs/performance.md "Round three"). The key is the library's (`prefix:identifier`) and the
 * script the same, so instances of either build count in one log during a rolling deploy.
 * Upstash (REST) keeps the library.
 */
export class RedisSlidingLogLimiter implements Limiter {
  private readonly redis: Redis & SlidingLogCommands;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.redis = commands(redis);
  }

  async take(identifier: string): Promise<LimitResult> {
    const member = newId();
    const [admitted, count, reset] = await this.redis.prizepacksSlidingLogTake(
      `${this.prefix}:${identifier}`,
      this.limit,
      this.windowMs,
      member,
    );
    const success = admitted === 1;
    return { success, limit: this.limit, remaining: Math.max(0, this.limit - count), reset, token: success ? member : undefined };
  }

  async giveBack(identifier: string, token: string): Promise<void> {
    await this.redis.prizepacksSlidingLogGiveBack(`${this.prefix}:${identifier}`, token);
  }
}
