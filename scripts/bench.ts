// npm run bench [-- --build] [-- --soak] [-- --seconds N] [-- --growth N] [-- --app-root DIR] [-- --streams N] [-- --no-webhooks]
//
// Loopback-only benchmark of the built service on PostgreSQL and Redis, read as ratios measured
// side by side in one run (never as absolute thresholds): an opening against the same
// transaction issued straight from node-postgres, reads against a static file served by the
// same server, everything again after a million more spins. Speed targets live here, never in
// the tests. See docs/performance.md for the method and the latest figures.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, get as httpGet, type ClientRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon, { type Client } from "autocannon";
import pg from "pg";
import { auditInvariants, createUser, openPack, openServices, parseMoney } from "@prizepacks/core";
import { openDatabase, type Database } from "@prizepacks/db";
import { drawTicket } from "@prizepacks/fairness";
import { drawTicketSync } from "@prizepacks/fairness/node";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

const root = path.resolve(import.meta.dirname, "..");
/** The build to measure; another checkout's, for before/after figures. */
const appRoot = path.resolve(args.includes("--app-root") ? args[args.indexOf("--app-root") + 1]! : root);
const SECONDS = option("seconds", 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 32;
const ACCOUNTS = 64;
const GROWTH_SPINS = option("growth", 1_000_000);
const SOAK_MINUTES = option("soak-minutes", 10);
const SOAK_WARMUP_MINUTES = option("soak-warmup-minutes", 3);
const withCeiling = !flag("no-ceiling");
/** Account event streams held open (and webhook endpoints registered) in the "with streams" phase. */
const STREAMS = option("streams", 100);

const targets = {
  openVsCeiling: 0.5,
  p99OverP50: 4,
  onePackVsSpread: 0.9,
  readVsStatic: 0.5,
  afterGrowth: 0.9,
  withStreams: 0.9,
  soakMemoryGrowth: 0.1,
};

function log(message: string) {
  console.log(`[bench] ${message}`);
}

// The benchmark creates rich accounts and floods the limiter: never point it at a shared service.
function localUrl(name: string, fallback: string): string {
  const value = process.env[name] || fallback;
  const host = new URL(value).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) {
    console.error(`[bench] ${name} must point at this machine, not ${host}`);
    process.exit(1);
  }
  return value;
}
const postgresServerUrl = localUrl("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres");
const redisUrl = localUrl("REDIS_URL", "redis://127.0.0.1:6379");
if (process.env.UPSTASH_REDIS_REST_URL) {
  console.error("[bench] unset UPSTASH_REDIS_REST_URL: the benchmark is loopback-only");
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Database and server

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

interface Server {
  baseUrl: string;
  /** The HTTP server process (a child of the start script), for its memory. */
  pid: () => number | undefined;
  stop: () => Promise<void>;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-bench-"));
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: appRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PRIZEPACKS_DATA_DIR: dataDir,
      PRIZEPACKS_SKIP_BUILD: flag("build") ? "" : "1",
      // High enough never to throttle, still counted in Redis on every request.
      RATE_LIMIT_OPEN_PER_MINUTE: "1000000000",
      RATE_LIMIT_API_PER_MINUTE: "1000000000",
      RATE_LIMIT_PREFIX: `bench-${randomUUID()}`,
      // The webhook receiver of the "with streams" phase listens on loopback.
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const pid = () => {
    const found = spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" }).stdout.trim().split("\n")[0];
    return found ? Number(found) : undefined;
  };
  return { baseUrl, pid, stop };
}

function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Load

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
}

interface LoadSpec {
  method?: "GET" | "POST";
  /** Each connection's path, by its index. */
  path: (connection: number) => string;
  /** Each connection's API key, by its index; none for public files. */
  key?: (connection: number) => string;
}

async function load(baseUrl: string, spec: LoadSpec, seconds: number): Promise<Figures> {
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: spec.method ?? "GET",
    setupClient: (client: Client) => {
      const index = connection++;
      // setRequests, not setRequest: the latter changes only the request in hand, and the
      // client then cycles back to the default one.
      client.setRequests([
        { method: spec.method ?? "GET", path: spec.path(index), headers: spec.key ? { authorization: `Bearer ${spec.key(index)}` } : {} },
      ]);
    },
  });
  return {
    perSecond: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** A phase: runs for the given seconds and reports what it measured. */
type Phase = { label: string; run: (seconds: number) => Promise<Figures> };

const httpPhase = (label: string, baseUrl: string, spec: LoadSpec): Phase => ({ label, run: (seconds) => load(baseUrl, spec, seconds) });

const ROUNDS = 3;

/**
 * Phases that are compared with each other run in turns, a third of the time each per round,
 * after one warm-up each: a busy neighbour on the machine then slows all of them alike
 * instead of whichever happened to run at that moment.
 */
async function measureInTurns(phases: Phase[]): Promise<Figures[]> {
  for (const phase of phases) await phase.run(WARMUP_SECONDS);
  const rounds: Figures[][] = phases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, phase] of phases.entries()) rounds[index]!.push(await phase.run(SECONDS / ROUNDS));
  }
  return phases.map((phase, index) => {
    const runs = rounds[index]!;
    const requests = runs.reduce((sum, f) => sum + f.requests, 0);
    const figures: Figures = {
      perSecond: Math.round(requests / SECONDS),
      // Percentiles of the rounds: the mean of their medians, the median of their p99s (one
      // round hit by an autovacuum or checkpoint stall does not make the whole tail).
      p50: Math.round((runs.reduce((sum, f) => sum + f.p50, 0) / runs.length) * 10) / 10,
      p99: [...runs.map((f) => f.p99)].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!,
      requests,
      errors: runs.reduce((sum, f) => sum + f.errors, 0),
    };
    log(`${phase.label}: ${figures.perSecond}/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors ? `, ${figures.errors} ERRORS` : ""}`);
    return figures;
  });
}

/** The same opening transaction, straight from node-postgres in this process: no HTTP, no framework. */
function ceilingPhase(database: Database, users: Array<{ userId: string }>, slugs: string[]): Phase {
  return {
    label: `ceiling (node-postgres, ${CONNECTIONS} in flight)`,
    run: async (seconds) => {
      const latencies: number[] = [];
      let errors = 0;
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, index) => {
          const user = users[index % users.length]!;
          const slug = slugs[index % slugs.length]!;
          const services = await openServices(database);
          while (Date.now() < until) {
            const started = performance.now();
            try {
              await openPack(services, { userId: user.userId, idOrSlug: slug });
              latencies.push(performance.now() - started);
            } catch {
              errors++;
            }
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      return { perSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), requests: latencies.length, errors };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// History: a million spins, written with SQL as a busy site would have them, books balanced

async function addHistory(database: Database, spins: number): Promise<void> {
  const started = Date.now();
  const email = `history-${randomUUID().slice(0, 8)}@bench.prizepacks.local`;
  const { userId } = await createUser(database.prisma, { email });
  const packs = await database.sql.query<{ id: string; price: string; oddsVersionId: string }>(
    `SELECT id, price::text AS price, "currentOddsVersionId" AS "oddsVersionId" FROM pack WHERE active AND "currentOddsVersionId" IS NOT NULL ORDER BY slug`,
  );
  const [pair] = await database.sql.query<{ id: string }>(`SELECT id FROM seed_pair WHERE "userId" = $1 AND "retiredAt" IS NULL`, [userId]);
  const perPack = Math.ceil(spins / packs.length);
  let nonce = 0;
  let total = 0;
  for (const pack of packs) {
    const count = Math.min(perPack, spins - nonce);
    if (count <= 0) break;
    const cost = (Number(pack.price) * count).toFixed(2);
    await database.sql.transaction(async (tx) => {
      // A deposit that pays for this pack's openings, then the openings themselves.
      await tx.query(`UPDATE wallet SET balance = balance + $2::numeric WHERE "userId" = $1`, [userId, cost]);
      await tx.query(
        `INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", note) SELECT $1, $2, 'DEPOSIT', $3::numeric, balance, 'bench history' FROM wallet WHERE "userId" = $2`,
        [`bh-${pack.id}`, userId, cost],
      );
      const rows = `SELECT g AS n, ((g::bigint * 7919) % 100000)::int + 1 AS ticket FROM generate_series($1::int, $2::int) g`;
      await tx.query(
        `INSERT INTO spin (id, "userId", "packId", "itemId", "seedPairId", "oddsVersionId", nonce, result, hash, price, "createdAt")
         SELECT 'bs' || t.n, $3, $4, r."itemId", $5, $6, t.n, t.ticket, md5(t.n::text), $7::numeric, now() - make_interval(secs => $2::int - t.n)
         FROM (${rows}) t JOIN odds_range r ON r."oddsVersionId" = $6 AND t.ticket BETWEEN r."ticketFrom" AND r."ticketTo"`,
        [nonce, nonce + count - 1, userId, pack.id, pair!.id, pack.oddsVersionId, pack.price],
      );
      await tx.query(
        `INSERT INTO inventory_item (id, "userId", "itemId", "spinId", value, "createdAt")
         SELECT 'bi' || substr(s.id, 3), s."userId", s."itemId", s.id, i.value, s."createdAt"
         FROM spin s JOIN pack_item i ON i.id = s."itemId" WHERE s."seedPairId" = $1 AND s.nonce BETWEEN $2 AND $3`,
        [pair!.id, nonce, nonce + count - 1],
      );
      await tx.query(
        `INSERT INTO ledger_entry (id, "userId", kind, amount, "balanceAfter", "spinId", "createdAt")
         SELECT 'bl' || substr(s.id, 3), s."userId", 'PACK_OPEN', -s.price, 0, s.id, s."createdAt"
         FROM spin s WHERE s."seedPairId" = $1 AND s.nonce BETWEEN $2 AND $3`,
        [pair!.id, nonce, nonce + count - 1],
      );
      await tx.query(`UPDATE wallet SET balance = balance - $2::numeric WHERE "userId" = $1`, [userId, cost]);
      await tx.query(`UPDATE seed_pair SET nonce = $2 WHERE id = $1`, [pair!.id, nonce + count]);
      // Counted as the rollup would have counted them.
      await tx.query(
        `INSERT INTO pack_stats ("packId", "spinCount") VALUES ($1, $2)
         ON CONFLICT ("packId") DO UPDATE SET "spinCount" = pack_stats."spinCount" + EXCLUDED."spinCount"`,
        [pack.id, count],
      );
    });
    nonce += count;
    total += count;
  }
  // Measure the steady state of a big history, not the aftermath of loading it: vacuum now
  // rather than let autovacuum start mid-measurement, and flush the load's WAL.
  await database.sql.exec("VACUUM ANALYZE spin, inventory_item, ledger_entry, seed_pair, wallet, pack_stats");
  await database.sql.exec("CHECKPOINT").catch(() => log("CHECKPOINT needs a superuser; skipped"));
  log(`history: ${total} spins added in ${Math.round((Date.now() - started) / 1000)} s`);
}

// ---------------------------------------------------------------------------------------------
// The run

interface Row {
  measure: string;
  value: string;
  target: string;
  met: boolean | null;
}

/**
 * Opens while STREAMS account event streams are held open on the opening accounts (each
 * open's events reach several streams) and each account has a webhook endpoint on a loopback
 * receiver: what the open path pays for streams and webhooks. Deliveries are left to drain
 * after each turn, so the next phase does not pay for this one's backlog.
 */
function withStreamsPhase(database: Database, base: string, spec: LoadSpec, users: Array<{ userId: string; apiKey: string }>, { webhooks }: { webhooks: boolean }): Phase {
  let receiver: { url: string; received: () => number; close: () => Promise<void> } | null = null;
  return {
    label: `open, ${CONNECTIONS} accounts over all packs, ${STREAMS} event streams${webhooks ? " + a webhook per account" : ""}`,
    run: async (seconds) => {
      if (!webhooks) {
        const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => openEventStream(base, users[i % users.length]!.apiKey)));
        try {
          return await load(base, spec, seconds);
        } finally {
          log(`  streams received ${streams.reduce((sum, stream) => sum + stream.events(), 0)} events`);
          for (const stream of streams) stream.close();
        }
      }
      if (!receiver) {
        receiver = await webhookReceiver();
        for (const user of users) {
          await database.sql.query(
            `INSERT INTO webhook_endpoint (id, "userId", url, secret, "eventTypes", enabled) VALUES ($1, $2, $3, 'whsec_bench', ARRAY['open.completed','wallet.changed'], false)`,
            [randomUUID(), user.userId, receiver.url],
          );
        }
      }
      // Registered only for this phase's turns: the other phases' openings queue no deliveries.
      await database.sql.query(`UPDATE webhook_endpoint SET enabled = true WHERE url = $1`, [receiver.url]);
      const streams = await Promise.all(Array.from({ length: STREAMS }, (_, i) => openEventStream(base, users[i % users.length]!.apiKey)));
      try {
        return await load(base, spec, seconds);
      } finally {
        const events = streams.reduce((sum, stream) => sum + stream.events(), 0);
        for (const stream of streams) stream.close();
        const drainStarted = Date.now();
        let pending = 0;
        do {
          if (pending) await new Promise((r) => setTimeout(r, 250));
          const [row] = await database.sql.query<{ pending: number }>(`SELECT count(*)::int AS pending FROM webhook_delivery WHERE status = 'pending'`);
          pending = row?.pending ?? 0;
        } while (pending > 0 && Date.now() - drainStarted < 120_000);
        await database.sql.query(`UPDATE webhook_endpoint SET enabled = false WHERE url = $1`, [receiver.url]);
        // The deliveries' dead rows are cleaned now, not by an autovacuum in the next phase's turn
        // (seen: the opens measured right after this phase at p99 317 ms against 92 ms).
        await database.sql.exec("VACUUM ANALYZE webhook_delivery, account_event");
        // And their WAL is written out now, not by a checkpoint in the middle of the next turn.
        await database.sql.exec("CHECKPOINT").catch(() => undefined);
        log(`  streams received ${events} events; webhooks delivered ${receiver!.received()} in all, ${pending} pending (drained in ${Math.round((Date.now() - drainStarted) / 100) / 10} s)`);
      }
    },
  };
}

function openEventStream(base: string, apiKey: string): Promise<{ events: () => number; close: () => void }> {
  return new Promise((resolve, reject) => {
    let events = 0;
    const request: ClientRequest = httpGet(`${base}/v1/events`, { headers: { authorization: `Bearer ${apiKey}` }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /v1/events: ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (events += chunk.split("\nevent: ").length - 1));
      response.on("error", () => undefined);
      resolve({ events: () => events, close: () => request.destroy() });
    });
    request.on("error", reject);
  });
}

function webhookReceiver(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received: () => received,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

async function main() {
  if (!existsSync(path.join(appRoot, "apps", "web", ".next", "BUILD_ID")) && !flag("build")) {
    throw new Error("the app is not built: run `npm run build` first (or `npm run bench -- --build`)");
  }
  const name = `pp_bench_${Date.now()}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  log(`database ${name}, redis ${redisUrl}, ${CONNECTIONS} connections, ${SECONDS} s per phase`);

  let server: Server | undefined;
  let database: Database | undefined;
  const started = Date.now();
  try {
    server = await startServer(databaseUrl);
    database = await openDatabase({ url: databaseUrl, waits: "operator" });
    const packs = await database.prisma.pack.findMany({ where: { active: true }, orderBy: { slug: "asc" }, select: { slug: true, image: true } });
    const slugs = packs.map((pack) => pack.slug);
    const users = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      users.push(await createUser(database.prisma, { email: `bench-${i}-${randomUUID().slice(0, 6)}@bench.prizepacks.local`, balance: parseMoney("1000000.00") }));
    }
    const httpUsers = users.slice(0, CONNECTIONS);
    const ceilingUsers = users.slice(CONNECTIONS);
    const key = (i: number) => httpUsers[i % httpUsers.length]!.apiKey;
    const base = server.baseUrl;
    const hot = slugs[0]!;

    // A file from public/, served by Next.js as it is (pack images are drawn per request now).
    const staticPhase = httpPhase("static file", base, { path: () => "/robots.txt" });
    const listPhase = httpPhase("GET /v1/packs", base, { path: () => "/v1/packs", key });
    const detailPhase = httpPhase("GET /v1/packs/{slug}", base, { path: (i) => `/v1/packs/${slugs[i % slugs.length]}`, key });
    const spreadPhase = httpPhase(`open, ${CONNECTIONS} accounts over ${slugs.length} packs`, base, {
      method: "POST",
      path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`,
      key,
    });
    const onePackPhase = httpPhase(`open, ${CONNECTIONS} accounts on one pack`, base, { method: "POST", path: () => `/v1/packs/${hot}/open`, key });
    const openSpread: LoadSpec = { method: "POST", path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`, key };
    const streamsPhase = withStreamsPhase(database, base, openSpread, httpUsers, { webhooks: false });
    const webhooksPhase = withStreamsPhase(database, base, openSpread, httpUsers, { webhooks: true });

    const [health] = await measureInTurns([httpPhase("GET /api/health (SELECT 1)", base, { path: () => "/api/health" })]);
    const [staticFile, list, detail] = await measureInTurns([staticPhase, listPhase, detailPhase]);
    const opens = await measureInTurns([...(withCeiling ? [ceilingPhase(database, ceilingUsers, slugs)] : []), spreadPhase, onePackPhase]);
    const ceilingFigures = withCeiling ? opens[0]! : null;
    const [spread, onePack] = opens.slice(withCeiling ? 1 : 0) as [Figures, Figures];
    // Streams in a group of their own, next to the same opens without them; webhooks last and
    // apart (report only): whatever runs right after a webhook turn measures slow (p99 300–430 ms
    // against 80 ms, even with the deliveries' tables vacuumed and checkpointed), so they would
    // spoil any group they shared.
    const [spreadBesideStreams = null, withStreams = null] = STREAMS > 0 ? await measureInTurns([spreadPhase, streamsPhase]) : [];
    const [spreadBesideWebhooks = null, withWebhooks = null] = STREAMS > 0 && !flag("no-webhooks") ? await measureInTurns([spreadPhase, webhooksPhase]) : [];

    // The draw: Web Crypto (the browser's verifier) against node:crypto (the server's).
    const drawInput = { serverSeed: "a".repeat(64), clientSeed: "bench", nonce: 0 };
    let t = performance.now();
    for (let i = 0; i < 20_000; i++) await drawTicket({ ...drawInput, nonce: i });
    const webCryptoPerSecond = Math.round(20_000 / ((performance.now() - t) / 1000));
    t = performance.now();
    for (let i = 0; i < 20_000; i++) drawTicketSync({ ...drawInput, nonce: i });
    const nodeCryptoPerSecond = Math.round(20_000 / ((performance.now() - t) / 1000));
    log(`drawTicket: Web Crypto ${webCryptoPerSecond}/s, node:crypto ${nodeCryptoPerSecond}/s`);

    let afterGrowth: { list: Figures; detail: Figures; spread: Figures; ceiling: Figures | null } | null = null;
    if (GROWTH_SPINS > 0) {
      await addHistory(database, GROWTH_SPINS);
      // The same groups in the same turns as before the growth, so that like is compared with like.
      const [, listAfter, detailAfter] = await measureInTurns([staticPhase, listPhase, detailPhase]);
      const opensAfter = await measureInTurns([...(withCeiling ? [ceilingPhase(database, ceilingUsers, slugs)] : []), spreadPhase, onePackPhase]);
      afterGrowth = { list: listAfter!, detail: detailAfter!, spread: opensAfter[withCeiling ? 1 : 0]!, ceiling: withCeiling ? opensAfter[0]! : null };
    }

    let soak: { startMiB: number | null; endMiB: number | null; samples: Array<[number, number | null]> } | null = null;
    if (flag("soak")) {
      // Warmed up first: V8 grows its heap to the load's working size over the first minutes
      // (seen: 510 MiB at 15 s, 930 MiB at 4 min, then flat), which is sizing, not a leak.
      log(`soak: ${SOAK_WARMUP_MINUTES} minutes of warm-up, then ${SOAK_MINUTES} minutes of mixed load (list, detail, opens)`);
      const samples: Array<[number, number | null]> = [];
      const soakStarted = Date.now();
      const sampler = setInterval(() => samples.push([Math.round((Date.now() - soakStarted) / 1000), rssMiB(server!.pid())]), 15_000);
      const mixed = (seconds: number) =>
        Promise.all([
          load(base, { path: (i) => (i % 2 ? "/v1/packs" : `/v1/packs/${slugs[i % slugs.length]}`), key }, seconds),
          load(base, { method: "POST", path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`, key: (i) => httpUsers[(i + 16) % httpUsers.length]!.apiKey }, seconds),
        ]);
      await mixed(SOAK_WARMUP_MINUTES * 60);
      const measuredFrom = Math.round((Date.now() - soakStarted) / 1000);
      const startMiB = rssMiB(server.pid());
      await mixed(SOAK_MINUTES * 60);
      clearInterval(sampler);
      soak = { startMiB, endMiB: rssMiB(server.pid()), samples };
      log(`soak: RSS ${soak.startMiB} MiB after the warm-up (${measuredFrom} s), ${soak.endMiB} MiB ${SOAK_MINUTES} minutes later`);
    }

    // A build from before pack_stats existed (--app-root) cannot be audited by today's rules.
    const audit = flag("no-audit") ? { ok: true, breaches: [], checked: { spins: 0 } } : await auditInvariants(database.prisma);
    log(`audit: ${audit.ok ? "clean" : `${audit.breaches.length} BREACHES`} (${audit.checked.spins} spins)`);

    const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 100) / 100);
    const rows: Row[] = [];
    const row = (measureName: string, value: number, target: string, met: boolean | null) => rows.push({ measure: measureName, value: String(value), target, met });
    if (ceilingFigures) {
      row("open (32 accounts) / node-postgres ceiling", ratio(spread.perSecond, ceilingFigures.perSecond), `≥ ${targets.openVsCeiling}`, ratio(spread.perSecond, ceilingFigures.perSecond) >= targets.openVsCeiling);
    }
    row("open p99 / p50", ratio(spread.p99, spread.p50), `≤ ${targets.p99OverP50}`, ratio(spread.p99, spread.p50) <= targets.p99OverP50);
    row("open one pack / open spread", ratio(onePack.perSecond, spread.perSecond), `≥ ${targets.onePackVsSpread}`, ratio(onePack.perSecond, spread.perSecond) >= targets.onePackVsSpread);
    if (spreadBesideStreams && withStreams) {
      const without = spreadBesideStreams;
      row(`open with ${STREAMS} event streams / without`, ratio(withStreams.perSecond, without.perSecond), `≥ ${targets.withStreams}`, ratio(withStreams.perSecond, without.perSecond) >= targets.withStreams);
      row(`open p50 with ${STREAMS} event streams / without`, ratio(withStreams.p50, without.p50), "report", null);
      // Report only: every opening then also costs two signed HTTP deliveries on the same cores.
      if (withWebhooks && spreadBesideWebhooks) {
        row(`open with ${STREAMS} event streams + a webhook per account / without`, ratio(withWebhooks.perSecond, spreadBesideWebhooks.perSecond), "report", null);
      }
    }
    row("GET /v1/packs / static file", ratio(list.perSecond, staticFile.perSecond), `≥ ${targets.readVsStatic}`, ratio(list.perSecond, staticFile.perSecond) >= targets.readVsStatic);
    row("GET /v1/packs/{slug} / static file", ratio(detail.perSecond, staticFile.perSecond), `≥ ${targets.readVsStatic}`, ratio(detail.perSecond, staticFile.perSecond) >= targets.readVsStatic);
    if (afterGrowth) {
      const grown = `after +${GROWTH_SPINS.toLocaleString("en")} spins / before`;
      row(`GET /v1/packs ${grown}`, ratio(afterGrowth.list.perSecond, list.perSecond), `≥ ${targets.afterGrowth}`, ratio(afterGrowth.list.perSecond, list.perSecond) >= targets.afterGrowth);
      row(`GET /v1/packs/{slug} ${grown}`, ratio(afterGrowth.detail.perSecond, detail.perSecond), `≥ ${targets.afterGrowth}`, ratio(afterGrowth.detail.perSecond, detail.perSecond) >= targets.afterGrowth);
      row(`open ${grown}`, ratio(afterGrowth.spread.perSecond, spread.perSecond), `≥ ${targets.afterGrowth}`, ratio(afterGrowth.spread.perSecond, spread.perSecond) >= targets.afterGrowth);
      if (afterGrowth.ceiling && ceilingFigures) {
        // Report only: how much of any change is the database's own work, not the service's.
        row(`node-postgres ceiling ${grown}`, ratio(afterGrowth.ceiling.perSecond, ceilingFigures.perSecond), "report", null);
      }
    }
    if (soak?.startMiB && soak.endMiB) {
      const growth = ratio(soak.endMiB - soak.startMiB, soak.startMiB);
      row(`server RSS growth over a ${SOAK_MINUTES}-minute soak`, growth, `≤ ${targets.soakMemoryGrowth}`, Math.abs(growth) <= targets.soakMemoryGrowth);
    }
    row("audit breaches", audit.breaches.length, "0", audit.ok);

    const fig = (label: string, f: Figures | null) =>
      f ? `| ${label} | ${f.perSecond} | ${f.p50} | ${f.p99} | ${f.errors} |` : `| ${label} | – | – | – | – |`;
    const table = [
      "| ratio | value | target | met |",
      "| --- | --- | --- | --- |",
      ...rows.map((r) => `| ${r.measure} | ${r.value} | ${r.target} | ${r.met === null ? "report" : r.met ? "yes" : "**no**"} |`),
      "",
      `| measured (${CONNECTIONS} in flight, ${SECONDS} s each) | per second | p50 ms | p99 ms | errors |`,
      "| --- | --- | --- | --- | --- |",
      fig("node-postgres ceiling: the opening transaction, no HTTP", ceilingFigures),
      fig("POST /v1/packs/{slug}/open, 32 accounts over all packs", spread),
      fig("POST /v1/packs/{slug}/open, 32 accounts on one pack", onePack),
      fig("POST /v1/packs/{slug}/open, 32 accounts over all packs, in the streams group", spreadBesideStreams),
      fig(`POST /v1/packs/{slug}/open, 32 accounts, ${STREAMS} event streams open`, withStreams),
      fig("POST /v1/packs/{slug}/open, 32 accounts over all packs, in the webhooks group", spreadBesideWebhooks),
      fig(`POST /v1/packs/{slug}/open, 32 accounts, ${STREAMS} event streams + a webhook per account`, withWebhooks),
      fig("static file (Next.js, same server)", staticFile),
      fig("GET /api/health (SELECT 1)", health),
      fig("GET /v1/packs", list),
      fig("GET /v1/packs/{slug}", detail),
      ...(afterGrowth
        ? [
            fig(`GET /v1/packs after +${GROWTH_SPINS.toLocaleString("en")} spins`, afterGrowth.list),
            fig(`GET /v1/packs/{slug} after +${GROWTH_SPINS.toLocaleString("en")} spins`, afterGrowth.detail),
            fig(`open after +${GROWTH_SPINS.toLocaleString("en")} spins`, afterGrowth.spread),
            fig(`node-postgres ceiling after +${GROWTH_SPINS.toLocaleString("en")} spins`, afterGrowth.ceiling),
          ]
        : []),
      "",
      `drawTicket in-process: Web Crypto ${webCryptoPerSecond}/s, node:crypto ${nodeCryptoPerSecond}/s.`,
    ].join("\n");
    console.log(`\n${table}\n`);

    const resultsDir = path.join(root, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const json = {
      at: new Date().toISOString(),
      appRoot,
      connections: CONNECTIONS,
      seconds: SECONDS,
      growthSpins: GROWTH_SPINS,
      ceiling: ceilingFigures,
      open: { spread, onePack, spreadBesideStreams, withStreams, spreadBesideWebhooks, withWebhooks, streams: STREAMS },
      reads: { staticFile, health, list, detail },
      afterGrowth,
      draw: { webCryptoPerSecond, nodeCryptoPerSecond },
      soak,
      audit: { ok: audit.ok, breaches: audit.breaches.length, spins: audit.checked.spins },
      ratios: rows,
      minutes: Math.round((Date.now() - started) / 6000) / 10,
    };
    writeFileSync(path.join(resultsDir, `${stamp}.json`), `${JSON.stringify(json, null, 2)}\n`);
    writeFileSync(path.join(resultsDir, "latest.md"), `${table}\n`);
    log(`results: bench/results/${stamp}.json and bench/results/latest.md`);
    if (!audit.ok) process.exitCode = 1;
  } finally {
    await server?.stop();
    await database?.close();
    if (!flag("keep")) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] ${(error as Error).stack ?? error}`);
  process.exit(1);
});
