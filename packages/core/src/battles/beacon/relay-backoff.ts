/** The wait after a relay's first failure; it doubles with each failure in a row. */
export const RELAY_BACKOFF_BASE_MS = 250;
/** The longest wait: a relay down for hours is still asked once a minute, so its recovery is seen. */
export const RELAY_BACKOFF_CAP_MS = 60_000;
/** Each wait is shortened by up to this fraction at random, so that instances do not retry a relay in step. */
export const RELAY_BACKOFF_JITTER = 0.2;

export interface RelayBackoffOptions {
  baseMs?: number;
  capMs?: number;
  jitter?: number;
  /** Milliseconds; tests move it. */
  now?: () => number;
  /** In [0, 1); tests fix it. */
  random?: () => number;
}

interface Failing {
  /** Failures in a row. */
  failures: number;
  lastFailedAtMs: number;
  retryAtMs: number;
}

/**
 * Per relay, healthy or failing: after its n-th failure in a row a relay is not asked for
 * min(cap, base × 2^(n−1)) ms, less up to `jitter` of that at random; one success makes it
 * healthy again. Plain state and arithmetic, no timers: whoever asks the relays consults it.
 */
export class RelayBackoff {
  readonly now: () => number;
  private readonly baseMs: number;
  private readonly capMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly failing = new Map<string, Failing>();

  constructor({
    baseMs = RELAY_BACKOFF_BASE_MS,
    capMs = RELAY_BACKOFF_CAP_MS,
    jitter = RELAY_BACKOFF_JITTER,
    now = Date.now,
    random = Math.random,
  }: RelayBackoffOptions = {}) {
    this.baseMs = baseMs;
    this.capMs = capMs;
    this.jitter = jitter;
    this.now = now;
    this.random = random;
  }

  /** The wait after the `failures`-th failure in a row, before jitter. */
  delayMs(failures: number): number {
    // 2^(n−1) overflows to Infinity long after it passed the cap; min() still answers the cap.
    return Math.min(this.capMs, this.baseMs * 2 ** (failures - 1));
  }

  /** When `relay` may be asked again (milliseconds on `now`'s clock); 0 while it is healthy. */
  readyAtMs(relay: string): number {
    return this.failing.get(relay)?.retryAtMs ?? 0;
  }

  isReady(relay: string): boolean {
    return this.readyAtMs(relay) <= this.now();
  }

  isFailing(relay: string): boolean {
    return this.failing.has(relay);
  }

  /** Relays failing now (backing off, or out of it and not yet asked again). */
  get failingCount(): number {
    return this.failing.size;
  }

  /**
   * Records a failed attempt that began at `startedAtMs`; true when it turns a healthy relay
   * failing (the one moment worth a log line). An attempt that began before the relay's last
   * recorded failure was in flight beside it: it is the same outage, and does not double the wait.
   */
  recordFailure(relay: string, startedAtMs: number): boolean {
    const now = this.now();
    const previous = this.failing.get(relay);
    if (previous && startedAtMs < previous.lastFailedAtMs) return false;
    const failures = (previous?.failures ?? 0) + 1;
    const waitMs = this.delayMs(failures) * (1 - this.jitter * this.random());
    this.failing.set(relay, { failures, lastFailedAtMs: now, retryAtMs: now + waitMs });
    return previous === undefined;
  }

  /** Records an answer; true when the relay was failing (the moment it recovers). */
  recordSuccess(relay: string): boolean {
    return this.failing.delete(relay);
  }
}
