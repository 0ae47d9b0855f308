import { randomUUID } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis as UpstashRedis } from "@upstash/redis";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { IoRedisRatelimitAdapter } from "./ioredis-adapter.ts";
import { awayFromWindowEdge } from "./window-edge.ts";

// Real Redis only: runs when REDIS_URL is set (as .ci/run does).
const url = process.env.REDIS_URL;
const redis = url ? new Redis(url) : undefined;
afterAll(() => redis?.disconnect());

describe.skipIf(!url)("@upstash/ratelimit on stock Redis through IoRedisRatelimitAdapter", () => {
  const limiter = (limit: number) =>
    new Ratelimit({
      redis: new IoRedisRatelimitAdapter(redis!) as unknown as UpstashRedis,
      limiter: Ratelimit.slidingWindow(limit, "60 s"),
      prefix: `test:${randomUUID()}`,
      timeout: 0,
      analytics: false,
      ephemeralCache: false,
    });

  it("stock Redis rejects the library's Upstash-only shebang, so the adapter must strip it", async () => {
    await expect(redis!.eval("#!lua flags=allow-key-locking\nreturn 1", 0)).rejects.toThrow();
  });

  it("allows exactly the limit within the window, then refuses with a reset time", async () => {
    const ratelimit = limiter(5);
    const id = randomUUID();
    await awayFromWindowEdge({ windowSeconds: 60, neededSeconds: 5 });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await ratelimit.limit(id));
    expect(results.map((r) => r.success)).toEqual([true, true, true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(results[5]!.reset).toBeGreaterThan(Date.now());
    // Identifiers are independent.
    expect((await ratelimit.limit(randomUUID())).success).toBe(true);
  });

  it("counts parallel requests exactly (the script runs atomically in Redis)", async () => {
    const ratelimit = limiter(30);
    const id = randomUUID();
    await awayFromWindowEdge({ windowSeconds: 60, neededSeconds: 5 });
    const results = await Promise.all(Array.from({ length: 50 }, () => ratelimit.limit(id)));
    expect(results.filter((r) => r.success)).toHaveLength(30);
  });

  it("after the first call runs the cached script by its hash (EVALSHA), not the source", async () => {
    const ratelimit = limiter(100);
    const id = randomUUID();
    await ratelimit.limit(id);
    const evalCalls: string[] = [];
    const originalEval = redis!.eval.bind(redis!);
    (redis as unknown as { eval: unknown }).eval = (...args: unknown[]) => {
      evalCalls.push(String(args[0]).slice(0, 20));
      return (originalEval as (...a: unknown[]) => unknown)(...args);
    };
    try {
      for (let i = 0; i < 3; i++) expect((await ratelimit.limit(id)).success).toBe(true);
    } finally {
      (redis as unknown as { eval: unknown }).eval = originalEval;
    }
    expect(evalCalls).toEqual([]);
  });
});
