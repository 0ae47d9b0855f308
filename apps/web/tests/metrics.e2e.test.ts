import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runStartToExit, startServer, type ServerInstance } from "./server-instance.ts";
import { baseUrl } from "./support.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TOKEN = "metrics-token-for-the-e2e-test-0123456789abcdef";
/** Low enough to be reached by the test's own openings: 5 successful, 1 unknown pack, then refused. */
const OPENS_PER_MINUTE = 6;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comment lines skipped); label values here hold no escaped quotes. */
function parseSamples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))?.value;
}

describe("GET /metrics", () => {
  let server: ServerInstance;
  let metricsUrl: string;
  let demoKey: string;
  const scrape = async () => {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(await response.text());
  };
  /** Scrapes until `check` passes (the gauges follow streams and connections as they come and go). */
  const scrapeUntil = async (check: (samples: Sample[]) => boolean, withinMs = 10_000) => {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const samples = await scrape();
      if (check(samples) || Date.now() > deadline) return samples;
      await sleep(100);
    }
  };
  const open = (slug: string) =>
    fetch(`${server.baseUrl}/v1/packs/${slug}/open`, { method: "POST", headers: { authorization: `Bearer ${demoKey}` } });

  beforeAll(async () => {
    const metricsPort = await freePort();
    server = await startServer({
      label: "metrics",
      ownDatabase: true,
      env: { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, RATE_LIMIT_OPEN_PER_MINUTE: String(OPENS_PER_MINUTE) },
    });
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    demoKey = /demo API key: (pp_live_\w+)/.exec(server.output())![1]!;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("counts openings exactly by pack and result, and rate-limit refusals by policy", async () => {
    const packs = (await (await fetch(`${server.baseUrl}/v1/packs`, { headers: { authorization: `Bearer ${demoKey}` } })).json()) as Array<{
      id: string;
      slug: string;
    }>;
    const pack = packs[0]!;
    const before = await scrape();
    expect(valueOf(before, "prizepacks_opens_total", { pack: pack.slug })).toBeUndefined();

    // By slug and by id: one label, the slug.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await open(i % 2 ? pack.id : pack.slug)).status);
    statuses.push((await open("no-such-pack-anywhere")).status);
    statuses.push((await open(pack.slug)).status); // the seventh in the minute: over the limit
    expect(statuses).toEqual([200, 200, 200, 200, 200, 404, 429]);

    const after = await scrape();
    expect(valueOf(after, "prizepacks_opens_total", { pack: pack.slug, result: "ok" })).toBe(5);
    expect(valueOf(after, "prizepacks_opens_total", { pack: "unknown", result: "not_found" })).toBe(1);
    expect(valueOf(after, "prizepacks_opens_total", { pack: pack.slug, result: "rate_limited" })).toBe(1);
    expect(after.filter((s) => s.name === "prizepacks_opens_total").map((s) => s.labels.pack)).not.toContain("no-such-pack-anywhere");
    expect(valueOf(after, "prizepacks_rate_limit_refusals_total", { policy: "open" })).toBe(1);
    if (process.env.REDIS_URL) expect(valueOf(after, "prizepacks_rate_limit_store_up", { store: "redis" })).toBe(1);
    else expect(valueOf(after, "prizepacks_rate_limit_store_up")).toBeUndefined();
  });

  it("reports the pool, the change feed, the backlogs and Node's own metrics", async () => {
    // The backlog query's answer is kept 5 s: the first scrape of the test before may still be it.
    const samples = await scrapeUntil(
      (s) => valueOf(s, "prizepacks_change_feed_connected") === 1 && (valueOf(s, "prizepacks_report_rollup_lag_seconds") ?? 0) > 0,
    );
    expect(valueOf(samples, "prizepacks_change_feed_connected")).toBe(1);
    if (process.env.DATABASE_URL) {
      expect(valueOf(samples, "prizepacks_db_pool_connections")).toBeGreaterThan(0);
      expect(valueOf(samples, "prizepacks_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, "prizepacks_db_pool_waiting_queries")).toBeGreaterThanOrEqual(0);
    } else {
      expect(valueOf(samples, "prizepacks_db_pool_connections")).toBeUndefined(); // PGlite has no pool
    }
    // This database has no webhook endpoints; the spins of the test before are a minute from being rolled up.
    expect(valueOf(samples, "prizepacks_webhook_deliveries_pending")).toBe(0);
    expect(valueOf(samples, "prizepacks_webhook_oldest_pending_age_seconds")).toBe(0);
    expect(valueOf(samples, "prizepacks_webhook_overdue_seconds")).toBe(0);
    expect(valueOf(samples, "prizepacks_spin_tally_pending")).toBeGreaterThanOrEqual(0);
    const lag = valueOf(samples, "prizepacks_report_rollup_lag_seconds")!;
    expect(Number.isFinite(lag)).toBe(true);
    expect(lag).toBeGreaterThan(0); // the openings above are not rolled up yet (the rollup stays 60 s behind)
    expect(lag).toBeLessThan(600);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toContain("# TYPE prizepacks_webhook_deliveries_total counter");
    expect(valueOf(samples, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts open event streams by kind, one while a drop feed is open and none after it closes", async () => {
    const dropsOpen = (s: Sample[]) => valueOf(s, "prizepacks_sse_streams", { kind: "drops" }) ?? 0;
    expect(dropsOpen(await scrape())).toBe(0);
    const viewer = new AbortController();
    const response = await fetch(`${server.baseUrl}/v1/drops`, { signal: viewer.signal });
    expect(response.status).toBe(200);
    expect(dropsOpen(await scrapeUntil((s) => dropsOpen(s) === 1))).toBe(1);
    viewer.abort();
    expect(dropsOpen(await scrapeUntil((s) => dropsOpen(s) === 0))).toBe(0);
    expect(valueOf(await scrape(), "prizepacks_sse_streams", { kind: "events" }) ?? 0).toBe(0);
  });

  it("answers on the public port only for the metrics token: 401 without it or with another, the metrics with it", async () => {
    const none = await fetch(`${server.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
    const wrong = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    const key = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${demoKey}` } });
    expect(key.status).toBe(401);
    const right = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(valueOf(parseSamples(await right.text()), "prizepacks_opens_total", { result: "ok" })).toBe(5);
  });

  it("is not served on the public port of a server without METRICS_TOKEN", async () => {
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(404);
  });

  it("serves nothing but GET /metrics on the metrics port", async () => {
    expect((await fetch(metricsUrl.replace(/\/metrics$/, "/"))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: "POST" })).status).toBe(404);
  });

  it.each([
    [{ METRICS_PORT: "metrics" }, /METRICS_PORT must be a port number/],
    [{ METRICS_PORT: "70000" }, /METRICS_PORT must be a port number/],
    [{ METRICS_TOKEN: "short" }, /METRICS_TOKEN must be at least 32 characters/],
  ])("refuses to start with %o, saying why", async (env, reason) => {
    const { code, output } = await runStartToExit(env);
    expect(code).not.toBe(0);
    expect(output).toMatch(reason);
  });
});
