// npm run bench [-- --build]: a bounded, loopback-only benchmark of the built service over HTTP.
// Speed targets live here, never in unit tests. Uses PostgreSQL / Redis when DATABASE_URL /
// REDIS_URL are set, the embedded PGlite and in-process limits otherwise.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { drawTicket, generateClientSeed, generateServerSeed } from "@prizepacks/fairness";

type Backend = "postgres" | "pglite";
/** A scenario meets its target when p95 latency is at most p95Ms and throughput at least minPerSecond. */
interface Target {
  p95Ms?: number;
  minPerSecond?: number;
}

const CONCURRENCY = 8; // requests in flight: enough to overlap, small enough for a 2-core machine
const REQUESTS = 400; // per HTTP scenario
const WARMUP = 2 * CONCURRENCY; // unrecorded requests first: the server loads route code lazily
const MAX_SECONDS = 20; // per scenario, whichever bound comes first
const ACCOUNTS = 8;
const DRAWS = 20_000;

// Set from runs on a 2-core machine with the client on the same cores (README, Benchmarks),
// with some headroom. At 8 in flight the server is CPU-bound, so latency is mostly queueing
// (one request alone takes 10-16 ms). PGlite is one connection in the server's process:
// queries take turns, so opens there are report-only (null).
const TARGETS: Record<string, Record<Backend, Target | null>> = {
  "GET /v1/packs": { postgres: { p95Ms: 250 }, pglite: { p95Ms: 350 } },
  "GET /v1/packs/{slug}": { postgres: { p95Ms: 150 }, pglite: { p95Ms: 200 } },
  [`POST open, ${ACCOUNTS} accounts`]: { postgres: { p95Ms: 250 }, pglite: null },
  // One wallet row: these opens take turns by design.
  "POST open, 1 account": { postgres: { p95Ms: 350 }, pglite: null },
  "drawTicket in-process": { postgres: { minPerSecond: 5_000 }, pglite: { minPerSecond: 5_000 } },
};

const root = path.resolve(import.meta.dirname, "..");
const build = process.argv.includes("--build");
const backend: Backend = process.env.DATABASE_URL ? "postgres" : "pglite";

/** Stops the run with exit code 1 (after the server is stopped, when one runs). */
class BenchFailure extends Error {}
function fail(message: string): never {
  throw new BenchFailure(message);
}

// The benchmark creates rich accounts and floods the limiter: never point it at a shared service.
function assertLoopback(name: string) {
  const value = process.env[name];
  if (!value) return;
  let host: string;
  try {
    host = new URL(value).hostname;
  } catch {
    fail(`${name} is not a URL`);
  }
  if (!["", "127.0.0.1", "localhost", "[::1]"].includes(host)) fail(`${name} must point at this machine (127.0.0.1), not ${host}`);
}
try {
  assertLoopback("DATABASE_URL");
  assertLoopback("REDIS_URL");
  if (process.env.UPSTASH_REDIS_REST_URL) fail("unset UPSTASH_REDIS_REST_URL: the benchmark is loopback-only");
  if (!build && !existsSync(path.join(root, "apps", "web", ".next", "BUILD_ID"))) {
    fail("the app is not built: run `npm run build` first (or `npm run bench -- --build`)");
  }
} catch (error) {
  console.error(`[bench] ${(error as Error).message}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Server

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-bench-"));
let serverLog = "";
const server: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: root,
  // Own process group: Ctrl-C reaches only us, and we stop the server in order.
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    PRIZEPACKS_DATA_DIR: dataDir,
    PRIZEPACKS_SKIP_BUILD: build ? "0" : "1",
    RATE_LIMIT_PREFIX: `bench-${port}-${Date.now()}`,
    // High enough never to throttle, while every request still goes through the limiter.
    RATE_LIMIT_OPEN_PER_MINUTE: "1000000",
    RATE_LIMIT_API_PER_MINUTE: "1000000",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
server.stderr!.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
const serverExited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

let interrupted = false; // Ctrl-C: issue nothing more, so the server can drain and stop
let closeAdminDatabase: () => Promise<void> = async () => {};
function signalServer(signal: NodeJS.Signals) {
  try {
    process.kill(-server.pid!, signal);
  } catch {
    // already gone
  }
}
let stopping: Promise<void> | undefined;
function stopServer(): Promise<void> {
  stopping ??= (async () => {
    if (server.exitCode === null && server.signalCode === null) {
      // The whole group: start.mjs, and Next.js or the start-up step it is running.
      signalServer("SIGTERM");
      const killer = setTimeout(() => signalServer("SIGKILL"), 15_000);
      await serverExited;
      clearTimeout(killer);
    }
    await closeAdminDatabase().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n[bench] ${signal}: stopping the server`);
    interrupted = true;
    void stopServer().then(() => process.exit(130));
  });
}

async function waitHealthy() {
  const deadline = Date.now() + (build ? 900_000 : 120_000);
  for (;;) {
    if (interrupted) fail("interrupted");
    if (server.exitCode !== null || server.signalCode !== null) fail("the server exited during start-up");
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail("the server did not become healthy in time");
    await new Promise((r) => setTimeout(r, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// Measurement

interface Result {
  name: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  target: Target | null;
  verdict: "PASS" | "MISS" | "report";
  statuses: Record<string, number>;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;
}

function summarize(name: string, latencies: number[], errors: number, seconds: number, statuses: Record<string, number>): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  const target = TARGETS[name]?.[backend] ?? null;
  const perSecond = latencies.length / seconds;
  const p95 = percentile(sorted, 95);
  const met = target && (target.p95Ms === undefined || p95 <= target.p95Ms) && (target.minPerSecond === undefined || perSecond >= target.minPerSecond);
  return {
    name,
    requests: latencies.length,
    errors,
    perSecond,
    p50: percentile(sorted, 50),
    p95,
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    target,
    verdict: target ? (met ? "PASS" : "MISS") : "report",
    statuses,
  };
}

const errorSamples: string[] = [];

/** Runs send(i) REQUESTS times (or until MAX_SECONDS), CONCURRENCY at a time; anything but 200 is an error. */
async function measureHttp(name: string, send: (i: number) => Promise<Response>): Promise<Result> {
  for (let i = 0; i < WARMUP && !interrupted; i += CONCURRENCY) {
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, j) => send(i + j).then((r) => r.arrayBuffer())));
  }
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  const worker = async () => {
    while (issued < REQUESTS && performance.now() < deadline && !interrupted) {
      const i = issued++;
      const t0 = performance.now();
      let status = "network";
      try {
        const response = await send(WARMUP + i);
        const body = await response.text();
        status = String(response.status);
        if (response.status !== 200) {
          errors++;
          if (errorSamples.length < 5) errorSamples.push(`${name}: ${status} ${body.slice(0, 200)}`);
        }
      } catch (error) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${name}: ${String(error)}`);
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summarize(name, latencies, errors, (performance.now() - started) / 1000, statuses);
}

/** The draw alone, one at a time: what an opening spends on fairness. */
async function measureDraws(): Promise<Result> {
  const serverSeed = generateServerSeed();
  const clientSeed = generateClientSeed();
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  for (let nonce = 0; nonce < DRAWS && performance.now() < deadline && !interrupted; nonce++) {
    const t0 = performance.now();
    await drawTicket({ serverSeed, clientSeed, nonce });
    latencies.push(performance.now() - t0);
  }
  return summarize("drawTicket in-process", latencies, 0, (performance.now() - started) / 1000, {});
}

// ---------------------------------------------------------------------------------------------
// Report

function ms(value: number): string {
  return value < 1 ? value.toFixed(3) : value.toFixed(1);
}

function targetText(target: Target | null): string {
  if (!target) return "report-only";
  const parts = [];
  if (target.p95Ms !== undefined) parts.push(`p95 < ${target.p95Ms} ms`);
  if (target.minPerSecond !== undefined) parts.push(`>= ${target.minPerSecond}/s`);
  return parts.join(", ");
}

function printTable(results: Result[]) {
  const header = ["scenario", "requests", "errors", "per s", "p50 ms", "p95 ms", "p99 ms", "max ms", "target", ""];
  const rows = results.map((r) => [
    r.name,
    String(r.requests),
    String(r.errors),
    r.perSecond.toFixed(0),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    ms(r.max),
    targetText(r.target),
    r.verdict,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 8 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------
// Run

const database = backend === "postgres" ? `PostgreSQL ${new URL(process.env.DATABASE_URL!).pathname.slice(1)}` : "embedded PGlite";
const limiter = process.env.REDIS_URL ? "Redis" : "in-process";
console.log(`[bench] ${database}, rate limits ${limiter}; ${cpus().length} CPUs, Node ${process.version}`);
console.log(`[bench] starting the server on ${baseUrl}${build ? " (building first)" : ""}`);

let exitCode = 0;
try {
  try {
    await waitHealthy();
  } catch (error) {
    if (!interrupted) console.error(serverLog);
    throw error;
  }

  // The admin client finds the running server's hand-off (embedded mode) through this, and
  // caches it on first use: set it before the admin code loads.
  process.env.PRIZEPACKS_DATA_DIR = dataDir;
  const { runAdmin } = await import("@prizepacks/core/admin");
  if (backend === "postgres") {
    const { getDatabase } = await import("@prizepacks/db");
    closeAdminDatabase = async () => (await getDatabase()).close();
  }
  const keys: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-${port}-${Date.now()}-${i}@bench.prizepacks.local`;
    const { result } = await runAdmin("user:create", { email, balance: "100000.00" });
    keys.push(String(result.apiKey));
  }

  const get = (pathname: string, key: string) => fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${key}` } });
  const open = (slug: string, key: string) =>
    fetch(`${baseUrl}/v1/packs/${slug}/open`, { method: "POST", headers: { authorization: `Bearer ${key}` } });
  const keyOf = (i: number) => keys[i % keys.length]!;

  const listed = await get("/v1/packs", keyOf(0));
  if (!listed.ok) fail(`GET /v1/packs answered ${listed.status}`);
  const packs = ((await listed.json()) as Array<{ slug: string; price: string }>).sort((a, b) => Number(a.price) - Number(b.price));
  if (!packs.length) fail("no active packs to open");
  const slugs = packs.map((p) => p.slug);
  const cheapest = slugs[0]!;

  console.log(`[bench] ${ACCOUNTS} accounts; ${REQUESTS} requests per scenario, ${CONCURRENCY} in flight, at most ${MAX_SECONDS} s each\n`);
  const results: Result[] = [];
  const step = async (result: Promise<Result>) => {
    const r = await result;
    if (interrupted) fail("interrupted");
    results.push(r);
    console.log(`[bench] ${r.name}: ${r.requests} in ${(r.requests / r.perSecond).toFixed(1)} s`);
  };
  await step(measureHttp("GET /v1/packs", (i) => get("/v1/packs", keyOf(i))));
  await step(measureHttp("GET /v1/packs/{slug}", (i) => get(`/v1/packs/${slugs[i % slugs.length]}`, keyOf(i))));
  await step(measureHttp(`POST open, ${ACCOUNTS} accounts`, (i) => open(cheapest, keyOf(i))));
  await step(measureHttp("POST open, 1 account", () => open(cheapest, keyOf(0))));
  await step(measureDraws());

  console.log();
  printTable(results);
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  if (errors) {
    console.error(`\n[bench] ${errors} unexpected responses, e.g.:\n  ${errorSamples.join("\n  ")}`);
    exitCode = 1;
  }

  mkdirSync(path.join(root, "test-results"), { recursive: true });
  const report = {
    at: new Date().toISOString(),
    database: backend,
    rateLimits: limiter,
    machine: { cpus: cpus().length, node: process.version },
    settings: { concurrency: CONCURRENCY, requests: REQUESTS, maxSeconds: MAX_SECONDS, accounts: ACCOUNTS, draws: DRAWS },
    scenarios: results,
  };
  writeFileSync(path.join(root, "test-results", "bench.json"), JSON.stringify(report, null, 2) + "\n");
  console.log("\n[bench] results written to test-results/bench.json");
} catch (error) {
  console.error(`[bench] ${error instanceof BenchFailure ? error.message : (error as Error).stack}`);
  exitCode = 1;
} finally {
  await stopServer();
}
process.exit(exitCode);
