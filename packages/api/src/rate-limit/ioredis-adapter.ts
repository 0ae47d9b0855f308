import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

// @upstash/ratelimit 2.1+ prefixes its Lua scripts with an Upstash-only shebang that stock
// Redis rejects ("Unknown lua shebang option"). Strip it before the script reaches Redis.
const UPSTASH_SHEBANG = /^#!lua[^\n]*\n/;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

type Arg = string | number | null | undefined;

/** The slice of the Upstash client that @upstash/ratelimit calls, on top of ioredis. */
export class IoRedisRatelimitAdapter {
  /** The library's script hash -> the script Redis actually runs. */
  private readonly scripts = new Map<string, string>();

  constructor(private readonly redis: Redis) {}

  async evalsha(hash: string, keys: string[], args: Arg[]): Promise<unknown> {
    const script = this.scripts.get(hash);
    // Unknown to us yet: answer like Redis so the library falls back to eval with the source.
    if (!script) throw new Error("NOSCRIPT No matching script (adapter)");
    try {
      return await this.redis.evalsha(sha1(script), keys.length, ...keys, ...toArgs(args));
    } catch (error) {
      if (!String(error).includes("NOSCRIPT")) throw error;
      return this.redis.eval(script, keys.length, ...keys, ...toArgs(args));
    }
  }

  async eval(source: string, keys: string[], args: Arg[]): Promise<unknown> {
    const script = source.replace(UPSTASH_SHEBANG, "");
    this.scripts.set(sha1(source), script);
    return this.redis.eval(script, keys.length, ...keys, ...toArgs(args));
  }
}

function toArgs(args: Arg[]): Array<string | number> {
  return args.map((arg) => (arg === null || arg === undefined ? "" : arg));
}
