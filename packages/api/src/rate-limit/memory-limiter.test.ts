import { describe, expect, it, vi } from "vitest";
import { MemoryLimiter } from "./memory-limiter.ts";

describe("MemoryLimiter", () => {
  it("allows the limit within a sliding window and frees slots as they age out", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const limiter = new MemoryLimiter(3, 60_000);
      const taken = [];
      for (let i = 0; i < 4; i++) taken.push(await limiter.take("key"));
      expect(taken.map((r) => r.success)).toEqual([true, true, true, false]);
      expect(taken.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(taken[3]!.reset).toBe(1_000_000 + 60_000);
      expect((await limiter.take("other")).success).toBe(true);
      vi.setSystemTime(1_000_000 + 60_001);
      expect((await limiter.take("key")).success).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
