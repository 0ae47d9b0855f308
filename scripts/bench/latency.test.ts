import { describe, expect, it } from "vitest";
import { HISTOGRAM_BUCKETS, percentiles } from "./latency.ts";

const histogram = (counts: Record<number, number>) => {
  const buckets = new Uint32Array(HISTOGRAM_BUCKETS);
  for (const [ms, n] of Object.entries(counts)) buckets[Number(ms)] = n;
  return buckets;
};

describe("percentiles", () => {
  it("merges the client processes' histograms", () => {
    expect(percentiles([histogram({ 5: 60 }), histogram({ 20: 39, 900: 1 })], 0)).toEqual({ count: 100, p50: 5, p99: 20, max: 900 });
  });

  it("counts what never came as later than anything that did", () => {
    expect(percentiles([histogram({ 5: 98 })], 2)).toEqual({ count: 100, p50: 5, p99: HISTOGRAM_BUCKETS - 1, max: HISTOGRAM_BUCKETS - 1 });
  });

  it("has no percentiles without deliveries", () => {
    expect(percentiles([histogram({})], 0)).toEqual({ count: 0, p50: null, p99: null, max: null });
  });
});
