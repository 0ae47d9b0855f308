import type { LimitResult, Limiter } from "./limiter-types.ts";

/**
 * In-process sliding-window log, for the embedded single-node default only: it is exact,
 * but each process counts on its own.
 */
export class MemoryLimiter implements Limiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async take(identifier: string): Promise<LimitResult> {
    const now = Date.now();
    const since = now - this.windowMs;
    const recent = (this.hits.get(identifier) ?? []).filter((at) => at > since);
    const success = recent.length < this.limit;
    if (success) recent.push(now);
    this.hits.set(identifier, recent);
    if (this.hits.size > 50_000) this.prune(since);
    const oldest = recent[0] ?? now;
    // Requests counted in the same millisecond are interchangeable: the time is the token.
    const token = success ? String(now) : undefined;
    return { success, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), reset: oldest + this.windowMs, token };
  }

  async giveBack(identifier: string, token: string): Promise<void> {
    const times = this.hits.get(identifier);
    const index = times?.indexOf(Number(token)) ?? -1;
    if (index >= 0) times!.splice(index, 1);
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) if (!times.some((at) => at > since)) this.hits.delete(key);
  }
}
