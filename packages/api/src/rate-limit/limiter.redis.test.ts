import { randomUUID } from "node:crypto";
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis as UpstashRedis } from "@upstash/redis";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { IoRedisRatelimitAdapter } from "./ioredis-adapter.ts";
import { RedisSlidingLogLimiter } from "./redis-limiter.ts";
import { giveBackToSlidingLog, slidingLog } from "./sliding-log.ts";

// Real Redis only: runs when REDIS_URL is set (as .ci/run does).
const url = process.env.REDIS_URL;
const connections = url ? [new Redis(url), new Redis(url)] : [];
afterAll(() => connections.forEach((redis) => redis.disconnect()));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!url)("the exact sliding log on stock Redis (through @upstash/ratelimit and IoRedisRatelimitAdapter)", () => {
  const prefix = `test:${randomUUID()}`;
  /** A limiter as one app instance builds it: its own Redis connection, the shared prefix. */
  const limiter = (limit: number, windowMs: number, instance = 0) =>
    new Ratelimit({
      redis: new IoRedisRatelimitAdapter(connections[instance]!) as unknown as UpstashRedis,
      limiter: slidingLog(limit, windowMs),
      prefix,
      timeout: 0,
      analytics: false,
      ephemeralCache: false,
    });

  it("stock Redis rejects the library's Upstash-only shebang, so the adapter must strip it", async () => {
    await expect(connections[0]!.eval("#!lua flags=allow-key-locking\nreturn 1", 0)).rejects.toThrow();
  });

  it("allows exactly the limit, then refuses until the oldest counted request leaves the window", async () => {
    const ratelimit = limiter(5, 60_000);
    const id = randomUUID();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await ratelimit.limit(id));
    expect(results.map((r) => r.success)).toEqual([true, true, true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    // The refusal's reset is the first request's time plus the window.
    expect(results[5]!.reset).toBeGreaterThan(Date.now() + 59_000);
    expect(results[5]!.reset).toBeLessThanOrEqual(Date.now() + 60_000 + 50);
    expect((await ratelimit.limit(randomUUID())).success).toBe(true);
  });

  it("counts parallel requests from two instances exactly (one script, run atomically by Redis)", async () => {
    const [a, b] = [limiter(30, 60_000, 0), limiter(30, 60_000, 1)];
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).limit(id)));
    expect(results.filter((r) => r.success)).toHaveLength(30);
  });

  it("never lets a rolling window hold more than the limit, across the edge of a clock-aligned window", async () => {
    // The failing case of @upstash/ratelimit's slidingWindow, scaled down from 30 per 60 s
    // at second :57 to 5 per 2 s at 1.8 s: a full burst just before a clock-aligned edge,
    // then a steady trickle. The approximate window let the trickle through soon after the edge.
    const windowMs = 2_000;
    const ratelimit = limiter(5, windowMs);
    const id = randomUUID();
    await sleep((1_800 - (Date.now() % windowMs) + windowMs) % windowMs);
    const burstStart = Date.now();
    const burst = await Promise.all(Array.from({ length: 5 }, () => ratelimit.limit(id)));
    expect(burst.every((r) => r.success)).toBe(true);
    const trickle: Array<{ sentAt: number; success: boolean }> = [];
    while (Date.now() - burstStart < 3_000) {
      const sentAt = Date.now();
      trickle.push({ sentAt, success: (await ratelimit.limit(id)).success });
      await sleep(100);
    }
    // Nothing more while the burst is still inside the rolling window...
    expect(trickle.filter((r) => r.sentAt < burstStart + windowMs - 100 && r.success)).toEqual([]);
    // ...and the first admissions come once it has left it.
    expect(trickle.filter((r) => r.sentAt > burstStart + windowMs + 200 && r.success).length).toBeGreaterThan(0);
    // Any rolling window over the run holds at most 5 admitted (by send time, a superset of the server's view).
    const admitted = [...burst.map(() => burstStart), ...trickle.filter((r) => r.success).map((r) => r.sentAt)];
    for (const start of admitted) {
      expect(admitted.filter((at) => at >= start && at < start + windowMs - 100).length).toBeLessThanOrEqual(5);
    }
  });

  it("after the first call runs the cached script by its hash (EVALSHA), not the source", async () => {
    const ratelimit = limiter(100, 60_000);
    const id = randomUUID();
    await ratelimit.limit(id);
    const redis = connections[0]!;
    const evalCalls: string[] = [];
    const originalEval = redis.eval.bind(redis);
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

  it("gives back exactly the request a limit call admitted (its member), so parallel takes stay exact", async () => {
    const adapter = new IoRedisRatelimitAdapter(connections[0]!);
    const ratelimit = limiter(3, 60_000);
    const id = randomUUID();
    const taken = await Promise.all(Array.from({ length: 5 }, () => ratelimit.limit(id)));
    const admitted = taken.filter((r) => r.success) as Array<(typeof taken)[number] & { member: string }>;
    expect(admitted).toHaveLength(3);
    await giveBackToSlidingLog(adapter, `${prefix}:${id}`, admitted[1]!.member);
    expect(await connections[0]!.zcard(`${prefix}:${id}`)).toBe(2);
    expect((await ratelimit.limit(id)).success).toBe(true);
    expect((await ratelimit.limit(id)).success).toBe(false);
  });
});

describe.skipIf(!url)(
  "the sliding log called straight through ioredis (RedisSlidingLogLimiter, the server's limiter on stock Redis)",
  () => {
    const prefix = `test:${randomUUID()}`;
    const direct = (limit: number, windowMs: number, instance = 0) =>
      new RedisSlidingLogLimiter(connections[instance]!, prefix, limit, windowMs);

    it("allows exactly the limit, then refuses, with the remaining count and the reset of the oldest counted request", async () => {
      const limiter = direct(3, 60_000);
      const id = randomUUID();
      const before = Date.now();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.take(id));
      expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results[3]!.token).toBeUndefined();
      expect(results[3]!.reset).toBeGreaterThanOrEqual(before + 60_000 - 1_000);
      expect(results[3]!.reset).toBeLessThanOrEqual(Date.now() + 60_000 + 1_000);
    });

    it("counts parallel requests from two instances exactly, in the same log as the library's limiter (a rolling deploy mixes them)", async () => {
      const id = randomUUID();
      const library = new Ratelimit({
        redis: new IoRedisRatelimitAdapter(connections[1]!) as unknown as UpstashRedis,
        limiter: slidingLog(30, 60_000),
        prefix,
        timeout: 0,
        analytics: false,
        ephemeralCache: false,
      });
      const a = direct(30, 60_000, 0);
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? library.limit(id) : (i % 3 === 1 ? a : direct(30, 60_000, 1)).take(id))),
      );
      expect(results.filter((r) => r.success)).toHaveLength(30);
    });

    it("gives back exactly the request it admitted (its token)", async () => {
      const limiter = direct(3, 60_000);
      const id = randomUUID();
      const taken = await Promise.all(Array.from({ length: 5 }, () => limiter.take(id)));
      const admitted = taken.filter((r) => r.success);
      expect(admitted).toHaveLength(3);
      await limiter.giveBack(id, admitted[1]!.token!);
      expect(await connections[0]!.zcard(`${prefix}:${id}`)).toBe(2);
      expect((await limiter.take(id)).success).toBe(true);
      expect((await limiter.take(id)).success).toBe(false);
    });
  },
);
