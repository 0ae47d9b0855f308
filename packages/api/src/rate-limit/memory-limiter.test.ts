import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryLimiter } from "./memory-limiter.ts";

afterEach(() => vi.useRealTimers());

describe("MemoryLimiter", () => {
  it("allows the limit within a sliding window and frees slots as they age out", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new MemoryLimiter(3, 60_000);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await limiter.take("key"));
    expect(taken.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(taken.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(taken[3]!.reset).toBe(1_000_000 + 60_000);
    expect((await limiter.take("other")).success).toBe(true);
    vi.setSystemTime(1_000_000 + 60_001);
    expect((await limiter.take("key")).success).toBe(true);
  });

  it("holds 30 per rolling minute across a clock-minute edge: a burst at :57, then one every 250 ms", async () => {
    const minute = 60_000;
    const start = 29_000_000 * minute + 57_000; // second :57 of a clock minute
    vi.useFakeTimers({ now: start });
    const limiter = new MemoryLimiter(30, minute);
    const admitted: number[] = [];
    for (let i = 0; i < 30; i++) if ((await limiter.take("key")).success) admitted.push(Date.now());
    while (Date.now() < start + 3 * minute) {
      vi.advanceTimersByTime(250);
      if ((await limiter.take("key")).success) admitted.push(Date.now());
    }
    expect(admitted.slice(0, 30)).toHaveLength(30);
    for (const from of admitted) {
      expect(admitted.filter((at) => at >= from && at < from + minute).length).toBeLessThanOrEqual(30);
    }
    // Nothing between the burst and the moment it leaves the window (the approximate window admitted 29 more).
    expect(admitted.filter((at) => at > start && at < start + minute)).toEqual([]);
  });

  it("gives back a counted request by its token, and only that one", async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    const limiter = new MemoryLimiter(2, 60_000);
    const first = await limiter.take("key");
    vi.advanceTimersByTime(10);
    const second = await limiter.take("key");
    expect((await limiter.take("key")).success).toBe(false);
    await limiter.giveBack("key", second.token!);
    const third = await limiter.take("key");
    expect(third.success).toBe(true);
    // The window still starts at the first request, which was not given back.
    expect(third.reset).toBe(first.reset);
    expect((await limiter.take("key")).token).toBeUndefined();
  });
});
