// Delivery latencies of the scale phase, counted per millisecond in the client processes and merged.

/** Milliseconds, one bucket each, up to a minute; later deliveries count in the last bucket. */
export const HISTOGRAM_BUCKETS = 60_001;

export interface Latency {
  /** Deliveries, the undelivered among them (as the last bucket: a minute or more). */
  count: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

/** Percentiles of the deliveries; those that never came (`undelivered`) count as later than any that did. */
export function percentiles(histograms: ArrayLike<number>[], undelivered: number): Latency {
  const merged = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  for (const histogram of histograms) for (let ms = 0; ms < histogram.length; ms++) merged[ms]! += histogram[ms]!;
  merged[HISTOGRAM_BUCKETS - 1]! += undelivered;
  const count = merged.reduce((sum, n) => sum + n, 0);
  if (count === 0) return { count, p50: null, p99: null, max: null };
  const at = (fraction: number) => {
    let seen = 0;
    for (const [ms, n] of merged.entries()) if ((seen += n) >= Math.ceil(count * fraction)) return ms;
    return HISTOGRAM_BUCKETS - 1;
  };
  return { count, p50: at(0.5), p99: at(0.99), max: at(1) };
}
