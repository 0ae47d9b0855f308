// The scale phase: thousands of /v1/events streams and /v1/drops viewers held open on the one
// server while the opening load runs, next to the same load without them (issue #23).
import { fork, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createUser, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { coresDuring, cpuOf, cpuSeconds } from "./cpu.ts";
import { load, measureInTurns, type Figures, type LoadSpec, type Phase } from "./load.ts";
import { log } from "./log.ts";
import { ACCOUNT_BALANCE, CONNECTIONS, SCALE } from "./options.ts";
import { rssMiB, type Server } from "./server.ts";
import { percentiles, type Latency } from "./latency.ts";
import { type ClientCommand, type ClientStats, type StreamSpec } from "./stream-clients.ts";

/** Event streams one key may hold (MAX_STREAMS_PER_KEY in packages/api/src/streams/account-events.ts). */
const STREAMS_PER_KEY = 5;
/** Descriptors the server needs besides the streams: its listener, pools, the load's 32 connections, the slow readers. */
const SERVER_RESERVE = 300;
/** Streams per client process: well under the open-file limit of each. */
const STREAMS_PER_CLIENT = 5_000;
/** Streams being connected at once across the client processes, so the connects do not storm the accept queue. */
const CONNECT_BATCH = 500;
const CONNECT_TIMEOUT_MS = 20_000;
/** The whole connect of one turn; what is not connected by then counts as failed. */
const CONNECT_DEADLINE_MS = 180_000;
/** After the load, time for the last events to reach every stream. */
const DELIVERY_GRACE_MS = 2_000;
/** Beyond this the streams are dropped at once: the machine is shared. */
const ABORT_RSS_MIB = 6_000;
const SETTLE_LIMIT_MS = 60_000;
// One account: every opening of the load is its, so its events outrun the kernel's socket buffers (about 4 MiB).
const SLOW = { accounts: 1, drops: 10, seconds: 30 };

export interface Scale {
  /** The open-file limit of the server process (soft = hard here), and the most it had open with the streams held. */
  fdLimit: number | null;
  serverFds: number | null;
  requested: { events: number; drops: number };
  /** The fewest held in any turn (each turn connects them anew). */
  held: { events: number; drops: number };
  connectFailed: number;
  connectSeconds: number[];
  /** After each turn with the streams, how long the server stayed busy once they were closed. */
  settleSeconds: number[];
  /** The server's CPU (cores) in the 5 s after each connect, the streams held and no load. */
  heldIdleCores: number[];
  /**
   * Cores busy during each turn's load, without and with the streams: the server, the bench's
   * stream clients (which read every frame on the same two cores) and the whole machine.
   */
  cores: Record<"without" | "with", Array<{ server: number; clients: number; machine: number }>>;
  without: Figures;
  with: Figures;
  rssMiB: { before: number | null; held: number | null; underLoadMax: number | null };
  events: Latency & { expected: number; missing: number };
  /** Of the drops the feed sent (featured: a few per half second of the openings), each viewer × each. */
  drops: Latency & { expected: number; received: number; openings: number; featured: number };
  endedByServer: { events: number; drops: number };
  slow: SlowReaders | null;
  error: string | null;
}

export interface SlowReaders {
  streams: { events: number; drops: number };
  seconds: number;
  rssMiB: { before: number | null; after: number | null };
  /** What each paused stream got once it read again, in KiB, and whether the server had ended it. */
  events: Array<{ kiB: number; ended: boolean }>;
  drops: Array<{ kiB: number; ended: boolean }>;
  /** What the slow accounts' events and the drop feed amounted to meanwhile (their JSON), in KiB. */
  producedKiB: { perAccount: number; drops: number };
}

/** The open-file limit of a process, from /proc (soft; Node raises it to the hard limit when it starts). */
export function openFileLimit(pid: number | undefined = process.pid): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    return line ? Number(line.split(/\s+/)[3]) : null;
  } catch {
    return null;
  }
}

function openFiles(pid: number | undefined): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

// With WEB_CONCURRENCY above 1 the streams are held by the workers, not the primary: every figure
// of the server is summed over all its processes (the descriptors' limit is each process's own).
const serverRssMiB = (server: Server): number | null => sumOf(server.pids().map(rssMiB));
const serverCpuSeconds = (server: Server): number | null => sumOf(server.pids().map(cpuSeconds));
const serverOpenFiles = (server: Server): number | null => sumOf(server.pids().map(openFiles));
function sumOf(values: Array<number | null>): number | null {
  return values.length === 0 || values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + value!, 0);
}

/** Runs `work` and adds the cores busy meanwhile (server, stream clients, machine) to `into`. */
async function countingCores<T>(server: Server, clients: StreamClients, into: Scale["cores"]["with"], work: () => Promise<T>): Promise<T> {
  const { result, cores } = await coresDuring({ server: cpuOf(() => server.pids()), clients: cpuOf(() => clients.pids()) }, work);
  into.push(cores);
  return result;
}

/**
 * Waits until the server is quiet (under a tenth of a core for a second; a minute at most) and
 * says how long that took: with thousands of viewers it goes on writing out a turn's drops long
 * after the turn, and the next turn would otherwise pay for them.
 */
async function settle(server: Server): Promise<number> {
  const started = Date.now();
  let before = serverCpuSeconds(server);
  while (Date.now() - started < SETTLE_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 1_000));
    const now = serverCpuSeconds(server);
    if (now === null || before === null || now - before < 0.1) break;
    before = now;
  }
  return Math.round((Date.now() - started) / 100) / 10;
}

/** Streams of each kind that fit in the server's open-file limit next to what it needs besides. */
export function streamsThatFit(requested: number, fdLimit: number | null): number {
  return fdLimit === null ? requested : Math.min(requested, Math.floor((fdLimit - SERVER_RESERVE) / 2));
}

/** A distinct loopback address per client (the whole of 127.0.0.0/8 is this machine), as distinct visitors would have. */
const loopback = (net: number, index: number) => `127.${net}.${(index + 1) >> 8}.${(index + 1) & 255}`;

class StreamClients {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private constructor(private readonly children: ChildProcess[]) {
    for (const child of children) {
      child.on("message", (message: { id: number; result?: unknown; error?: string }) => {
        const waiter = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      });
    }
  }

  static start(count: number): StreamClients {
    // Forked with this process's loader (tsx) and its open-file limit; Node raises the soft limit to the hard one.
    return new StreamClients(
      Array.from({ length: count }, () => fork(path.join(import.meta.dirname, "stream-clients.ts"), [], { stdio: "inherit" })),
    );
  }

  get size() {
    return this.children.length;
  }

  pids(): number[] {
    return this.children.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  ask<T>(child: number, request: ClientCommand, timeoutMs = 60_000): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`stream client ${child}: no answer to ${request.type} in ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value as T)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      this.children[child]!.send({ ...request, id });
    });
  }

  all<T>(request: ClientCommand, timeoutMs?: number): Promise<T[]> {
    return Promise.all(this.children.map((_, child) => this.ask<T>(child, request, timeoutMs)));
  }

  stop(): void {
    for (const child of this.children) child.kill();
  }
}

async function lastEventId(database: Database): Promise<number> {
  const [row] = await database.sql.query<{ id: string | null }>(`SELECT max(id)::text AS id FROM account_event`);
  return Number(row?.id ?? 0);
}

/** Creates the accounts whose streams are held (and who open): five streams per account's key. */
export async function scaleAccounts(database: Database, streams: number) {
  const count = Math.ceil(streams / STREAMS_PER_KEY);
  const services = await openServices(database);
  const users: Array<{ userId: string; apiKey: string }> = [];
  const started = Date.now();
  // A few at once: createUser is several transactions, and the pool is the service's size.
  for (let i = 0; i < count; i += 8) {
    users.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(8, count - i) }, (_, j) =>
          createUser(services, {
            email: `scale-${i + j}-${randomUUID().slice(0, 6)}@bench.prizepacks.local`,
            balance: parseMoney(ACCOUNT_BALANCE),
          }),
        ),
      )),
    );
  }
  log(`scale: ${count} accounts in ${Math.round((Date.now() - started) / 1000)} s`);
  return users;
}

/**
 * Opens without the streams and with them, in turns; every turn with them connects them anew
 * (in batches), so the turns without have none. Then the slow readers. Whatever breaks (the
 * server gone, a connect storm refused), the phase ends in bounded time with what it saw.
 */
export async function scalePhase(database: Database, server: Server, slugs: string[]): Promise<Scale> {
  const fdLimit = openFileLimit(server.pid());
  const perKind = streamsThatFit(SCALE, fdLimit);
  log(`scale: server open-file limit ${fdLimit}; ${perKind} event streams + ${perKind} drop viewers (asked ${SCALE} each)`);
  const users = await scaleAccounts(database, perKind + SLOW.accounts * STREAMS_PER_KEY);
  const slowUsers = users.slice(users.length - SLOW.accounts);
  const streamUsers = users.slice(0, users.length - SLOW.accounts);
  const specs: StreamSpec[] = [
    ...Array.from({ length: perKind }, (_, i): StreamSpec => {
      const account = Math.floor(i / STREAMS_PER_KEY);
      const user = streamUsers[account]!;
      return { kind: "events", userId: user.userId, key: user.apiKey, address: loopback(2, account) };
    }),
    ...Array.from({ length: perKind }, (_, i): StreamSpec => ({ kind: "drops", address: loopback(3, i) })),
  ];
  // Each of the 32 connections opens for its share of the accounts in turn, so every held event stream gets events.
  const perConnection = Math.ceil(streamUsers.length / CONNECTIONS);
  const opens: LoadSpec = {
    method: "POST",
    cycle: perConnection,
    path: (c, r) => `/v1/packs/${slugs[(c + r * CONNECTIONS) % slugs.length]}/open`,
    key: (c, r) => streamUsers[(c + r * CONNECTIONS) % streamUsers.length]!.apiKey,
  };
  const clients = StreamClients.start(Math.max(1, Math.ceil(specs.length / STREAMS_PER_CLIENT)));
  const result: Scale = {
    fdLimit,
    serverFds: null,
    requested: { events: SCALE, drops: SCALE },
    held: { events: perKind, drops: perKind },
    connectFailed: 0,
    connectSeconds: [],
    settleSeconds: [],
    heldIdleCores: [],
    cores: { without: [], with: [] },
    without: emptyFigures(),
    with: emptyFigures(),
    rssMiB: { before: null, held: null, underLoadMax: null },
    events: { count: 0, p50: null, p99: null, max: null, expected: 0, missing: 0 },
    drops: { count: 0, p50: null, p99: null, max: null, expected: 0, received: 0, openings: 0, featured: 0 },
    endedByServer: { events: 0, drops: 0 },
    slow: null,
    error: null,
  };
  const histograms = { events: [] as number[][], drops: [] as number[][] };
  let connected = false;
  const watch = setInterval(() => {
    const rss = serverRssMiB(server);
    if (rss !== null && connected) result.rssMiB.underLoadMax = Math.max(result.rssMiB.underLoadMax ?? 0, rss);
    if (rss !== null && rss > ABORT_RSS_MIB && connected) {
      result.error = `server RSS ${rss} MiB > ${ABORT_RSS_MIB}: streams dropped`;
      connected = false;
      void clients.all({ type: "close" }).catch(() => undefined);
    }
  }, 1_000);

  const connectAll = async () => {
    result.rssMiB.before ??= serverRssMiB(server);
    const started = Date.now();
    const shares = Array.from({ length: clients.size }, (_, child) => specs.filter((_, i) => i % clients.size === child));
    const answers = await Promise.all(
      shares.map((streams, child) =>
        clients.ask<{ events: number; drops: number; failed: number }>(
          child,
          {
            type: "connect",
            base: server.baseUrl,
            streams,
            batch: Math.ceil(CONNECT_BATCH / clients.size),
            timeoutMs: CONNECT_TIMEOUT_MS,
            deadline: started + CONNECT_DEADLINE_MS,
          },
          CONNECT_DEADLINE_MS + CONNECT_TIMEOUT_MS + 10_000,
        ),
      ),
    );
    const events = answers.reduce((sum, a) => sum + a.events, 0);
    const drops = answers.reduce((sum, a) => sum + a.drops, 0);
    result.held = { events: Math.min(result.held.events, events), drops: Math.min(result.held.drops, drops) };
    result.connectFailed += answers.reduce((sum, a) => sum + a.failed, 0);
    result.connectSeconds.push(Math.round((Date.now() - started) / 100) / 10);
    connected = true;
    // The connects' garbage collected, so the RSS is the streams' own; and what holding them costs with no load.
    const cpuBefore = serverCpuSeconds(server);
    await new Promise((r) => setTimeout(r, 5_000));
    const cpuAfter = serverCpuSeconds(server);
    if (cpuBefore !== null && cpuAfter !== null) result.heldIdleCores.push(Math.round(((cpuAfter - cpuBefore) / 5) * 100) / 100);
    await settle(server);
    result.rssMiB.held ??= serverRssMiB(server);
    result.serverFds = Math.max(result.serverFds ?? 0, serverOpenFiles(server) ?? 0);
    log(
      `  scale: ${events} event streams + ${drops} drop viewers held (connected in ${result.connectSeconds.at(-1)} s), server RSS ${serverRssMiB(server)} MiB, ${result.heldIdleCores.at(-1)} cores busy holding them`,
    );
  };
  const closeAll = async () => {
    if (!connected) return;
    await clients.all({ type: "close" });
    connected = false;
    result.settleSeconds.push(await settle(server));
  };

  const withoutPhase: Phase = {
    label: `open, ${streamUsers.length} accounts in turn, no streams`,
    run: async (seconds) => {
      await closeAll();
      return countingCores(server, clients, result.cores.without, () => load(server.baseUrl, opens, seconds));
    },
  };
  const withPhase: Phase = {
    label: `open, ${streamUsers.length} accounts in turn, ${perKind} event streams + ${perKind} drop viewers`,
    run: async (seconds) => {
      if (!connected) await connectAll();
      const from = await lastEventId(database);
      await clients.all({ type: "window", afterId: from });
      const figures = await countingCores(server, clients, result.cores.with, () => load(server.baseUrl, opens, seconds));
      const upTo = await lastEventId(database);
      await new Promise((r) => setTimeout(r, DELIVERY_GRACE_MS));
      await tally(database, clients, histograms, result, from, upTo);
      return figures;
    },
  };
  try {
    [result.without, result.with] = (await measureInTurns([withoutPhase, withPhase])) as [Figures, Figures];
    await closeAll();
    result.slow = await slowReaders(database, server, slowUsers, slugs);
  } catch (error) {
    result.error = (error as Error).message;
    log(`scale: ${result.error}`);
  } finally {
    clearInterval(watch);
    clients.stop();
  }
  Object.assign(result.events, percentiles(histograms.events, result.events.missing));
  Object.assign(result.drops, percentiles(histograms.drops, result.drops.expected - result.drops.received));
  log(
    `scale: events p50 ${result.events.p50} ms, p99 ${result.events.p99} ms, max ${result.events.max} ms, ${result.events.missing} of ${result.events.expected} missing; ` +
      `drops p50 ${result.drops.p50} ms, p99 ${result.drops.p99} ms, ${result.drops.received} of ${result.drops.expected} delivered (${result.drops.featured} of ${result.drops.openings} openings sent)`,
  );
  return result;
}

/** Adds a turn's deliveries: latencies, and the events each stream should have had against those it did. */
async function tally(
  database: Database,
  clients: StreamClients,
  histograms: { events: number[][]; drops: number[][] },
  result: Scale,
  from: number,
  upTo: number,
) {
  const stats = await clients.all<ClientStats>({ type: "stats", upToId: upTo });
  const rows = await database.sql.query<{ userId: string; events: number; drops: number }>(
    `SELECT "userId", count(*)::int AS events, (count(*) FILTER (WHERE type = 'open.completed'))::int AS drops
       FROM account_event WHERE id > $1 AND id <= $2 GROUP BY "userId"`,
    [from, upTo],
  );
  const expected = new Map(rows.map((row) => [row.userId, row.events]));
  const seen = (kind: "events" | "drops") =>
    `${stats.reduce((sum, stat) => sum + stat.seen[kind].messages, 0)} messages, newest id ${Math.max(...stats.map((stat) => stat.seen[kind].newestId))}`;
  log(`  scale: turn's events ids (${from}, ${upTo}]; arrived: events ${seen("events")}; drops ${seen("drops")}`);
  // The drop feed is a ticker: it sends a few of each half second's openings, the same to every
  // viewer without a filter. What it sent is what any viewer received; every viewer should have it.
  const featured = new Set(stats.flatMap((stat) => stat.dropIds));
  result.drops.openings += rows.reduce((sum, row) => sum + row.drops, 0);
  result.drops.featured += featured.size;
  for (const stat of stats) {
    histograms.events.push(stat.events);
    histograms.drops.push(stat.drops);
    for (const { userId, count } of stat.received) {
      const should = expected.get(userId) ?? 0;
      result.events.expected += should;
      result.events.missing += Math.max(0, should - count);
    }
    result.drops.expected += featured.size * stat.dropsReceived.length;
    result.drops.received += stat.dropsReceived.reduce((sum, n) => sum + n, 0);
    result.endedByServer.events = Math.max(result.endedByServer.events, stat.ended.events);
    result.endedByServer.drops = Math.max(result.endedByServer.drops, stat.ended.drops);
  }
}

/**
 * Event streams and drop viewers that never read while the slow accounts open as fast as the
 * load goes: the server must end such an event stream (or skip a viewer ahead) once its unsent
 * data passes the cap, not hold it. Measured by what each stream gets once it reads again.
 */
async function slowReaders(
  database: Database,
  server: Server,
  users: Array<{ userId: string; apiKey: string }>,
  slugs: string[],
): Promise<SlowReaders> {
  const clients = StreamClients.start(1);
  try {
    const streams: StreamSpec[] = [
      ...users.flatMap((user, account) =>
        Array.from({ length: STREAMS_PER_KEY }, (): StreamSpec => ({
          kind: "events",
          userId: user.userId,
          key: user.apiKey,
          address: loopback(4, account),
        })),
      ),
      ...Array.from({ length: SLOW.drops }, (_, i): StreamSpec => ({ kind: "drops", address: loopback(5, i) })),
    ];
    await clients.ask(0, {
      type: "connect",
      base: server.baseUrl,
      streams,
      batch: 50,
      timeoutMs: CONNECT_TIMEOUT_MS,
      deadline: Date.now() + 60_000,
    });
    await clients.all({ type: "pause" });
    const from = await lastEventId(database);
    await settle(server);
    const before = serverRssMiB(server);
    await load(
      server.baseUrl,
      {
        method: "POST",
        path: (c) => `/v1/packs/${slugs[c % slugs.length]}/open`,
        key: (c) => users[c % users.length]!.apiKey,
      },
      SLOW.seconds,
    );
    const after = serverRssMiB(server);
    const upTo = await lastEventId(database);
    await clients.all({ type: "resume" });
    await new Promise((r) => setTimeout(r, 3_000));
    const [stats] = await clients.all<ClientStats>({ type: "stats", upToId: upTo });
    const [produced] = await database.sql.query<{ perAccount: number; drops: number }>(
      `SELECT (coalesce(sum(octet_length(data::text)) FILTER (WHERE "userId" = ANY($3::text[])), 0) / $4 / 1024)::int AS "perAccount",
              (coalesce(sum(octet_length(data::text)) FILTER (WHERE type = 'open.completed'), 0) / 1024)::int AS drops
         FROM account_event WHERE id > $1 AND id <= $2`,
      [from, upTo, users.map((user) => user.userId), users.length],
    );
    const kiB = (kind: StreamSpec["kind"]) =>
      stats!.paused.filter((s) => s.kind === kind).map((s) => ({ kiB: Math.round(s.bytes / 1024), ended: s.ended }));
    const slow: SlowReaders = {
      streams: { events: users.length * STREAMS_PER_KEY, drops: SLOW.drops },
      seconds: SLOW.seconds,
      rssMiB: { before, after },
      events: kiB("events"),
      drops: kiB("drops"),
      producedKiB: produced ?? { perAccount: 0, drops: 0 },
    };
    log(
      `scale: slow readers: server RSS ${before} → ${after} MiB; event streams got ${slow.events.map((s) => `${s.kiB} KiB${s.ended ? " (ended)" : ""}`).join(", ")} ` +
        `of ${slow.producedKiB.perAccount} KiB per account; drop viewers ${slow.drops.map((s) => `${s.kiB} KiB${s.ended ? " (ended)" : ""}`).join(", ")} of ${slow.producedKiB.drops} KiB`,
    );
    return slow;
  } finally {
    clients.stop();
  }
}

const emptyFigures = (): Figures => ({ perSecond: 0, p50: 0, p99: 0, requests: 0, errors: 0 });
