import type { LimitResult, Limiter } from "./limiter.ts";

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
    return { success, limit: this.limit, remaining: Math.max(0, this.limit - recent.length), reset: oldest + this.windowMs };
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) if (!times.some((at) => at > since)) this.hits.delete(key);
  }
}
