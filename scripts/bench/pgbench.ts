// The pgbench ceiling of the opening: open_pack itself, called by pgbench with valid arguments,
// no Node.js anywhere; as the product has it, without its notifications, with the NOTIFY per
// event the service had before (20261123220000_account_events), and as the product has it with
// no more clients than the server's pool. Each phase's CPU per opening, by process.
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createUser, drawOpening, getActivePackOrThrow, parseMoney } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import { dbEnv } from "@prizepacks/db/env";
import { coresOf, cpuDuring, cpuOf, cpuSeconds, mainThreadSeconds, pidsNamed, postgresCpu, reapedChildrenCpuSeconds } from "./cpu.ts";
import { measureInTurns, type Figures, type Phase } from "./load.ts";
import { log } from "./log.ts";
import { ACCOUNT_BALANCE, CONNECTIONS, root } from "./options.ts";

export type PgbenchVariant = "product" | "quiet" | "notify" | "pooled";

/** The function each variant's clients call: the product's, or a copy the bench makes in its database. */
const FUNCTION: Record<PgbenchVariant, string> = {
  product: "open_pack",
  quiet: "bench_open_pack_quiet",
  notify: "bench_open_pack_notify",
  pooled: "open_pack",
};

const LABEL: Record<PgbenchVariant, string> = {
  product: "open_pack as in the database",
  quiet: "open_pack without any pg_notify",
  notify: "open_pack with a NOTIFY per event (before)",
  pooled: "open_pack as in the database, at the server's pool size",
};

/**
 * Clients per variant. "pooled" runs as many as the server's pool holds connections (it inherits
 * DATABASE_POOL_SIZE from the bench): the most openings the HTTP path can have in the database at once.
 */
const clientsOf = (variant: PgbenchVariant) => (variant === "pooled" ? dbEnv().poolSize : CONNECTIONS);

/** Where the record_account_event with a NOTIFY per event is defined, copied for the "before" figure. */
const NOTIFYING_MIGRATION = path.join(root, "prisma", "migrations", "20261123220000_account_events", "migration.sql");

// One opening per pgbench transaction, on the client's own account (:client_id, 0 to 31): the
// arguments a real opening of its pack passes (drawn once by drawOpening: its item, a ticket
// in that item's range, the price, the odds version, a response of a real opening's size), the
// pair's nonce read in the same statement, fresh ids and hash. The audit's rules hold for
// every spin it makes (nonces consecutive, ticket in range, one debit, one item, one tally).
const script = (fn: string) => `SELECT o.balance_after
FROM bench_pgbench_client c
JOIN seed_pair p ON p.id = c.p_pair
CROSS JOIN LATERAL ${fn}(
  p_user => c.p_user, p_pack => c.p_pack, p_price => c.p_price, p_pair => c.p_pair, p_nonce => p.nonce,
  p_item => c.p_item, p_value => c.p_value, p_odds => c.p_odds, p_result => c.p_result,
  p_hash => md5(random()::text) || md5(random()::text),
  p_spin => gen_random_uuid()::text, p_inventory_item => gen_random_uuid()::text, p_ledger_entry => gen_random_uuid()::text,
  p_idempotency_key => NULL, p_response => c.p_response) o
WHERE c.client_id = :client_id;
`;

export interface PgbenchFigures {
  /** The HTTP opens (32 accounts over all packs) measured in the same turns. */
  spread: Figures;
  product: Figures;
  quiet: Figures;
  notify: Figures;
  /** The product's open_pack with as many clients as the server's pool has connections; absent in older records. */
  pooled?: Figures;
  /** Cores busy during each HTTP turn: the server (its one JavaScript thread is 1) and the whole machine. */
  spreadCores?: Array<{ server: number; machine: number }>;
  /** The in-process ceiling in the same turns (absent with --no-ceiling and in older records). */
  ceiling?: Figures;
  /** Where each opening's CPU went, over a phase's turns (its warm-up left out); absent in older records. */
  cpu?: Partial<Record<CpuPhase, CpuMsPerOpening>>;
}

/** The phases of the group whose CPU is counted: the HTTP opens, the in-process ceiling, pgbench's variants. */
type CpuPhase = "spread" | "ceiling" | PgbenchVariant;

/**
 * The processes whose CPU is counted per opening, and the JavaScript threads' time: the server's
 * (the HTTP opens) and this process's (autocannon; the in-process ceiling's openPack).
 */
type CpuGroup =
  | "server"
  | "postgres"
  | "redis"
  | "benchProcess"
  | "serverThreadOnCore"
  | "serverThreadWaitingForCore"
  | "benchThreadOnCore"
  | "benchThreadWaitingForCore";

/**
 * Milliseconds per opening: each group's CPU (a thread waiting for a core is time, not CPU) and
 * the whole machine's; with the machine's cores busy and the share of the time each JavaScript
 * thread was on a core or waiting for one (1: it never idled).
 */
export type CpuMsPerOpening = Record<CpuGroup | "machine", number> & {
  machineCores: number;
  serverThreadRunnable: number;
  benchThreadRunnable: number;
};

/** The four variants, the HTTP opens and the in-process ceiling (if given), in turns; null when pgbench is not installed. */
export async function measurePgbench(
  database: Database,
  databaseUrl: string,
  spread: Phase,
  serverPids: () => number[],
  ceiling: Phase | null,
): Promise<PgbenchFigures | null> {
  if (!pgbenchAvailable()) return null;
  const phases = await pgbenchPhases(database, databaseUrl);
  // The server's processes: one, or a primary and its workers (WEB_CONCURRENCY); their main threads summed.
  const pids = serverPids();
  const thread = (of: number) => {
    const seconds = mainThreadSeconds(of);
    if (!seconds) throw new Error(`pgbench: the process ${of} is gone`);
    return seconds;
  };
  const serverThreads = () =>
    pids.map(thread).reduce((sum, t) => ({ onCore: sum.onCore + t.onCore, waitingForCore: sum.waitingForCore + t.waitingForCore }), {
      onCore: 0,
      waitingForCore: 0,
    });
  if (pids.length === 0 || pids.some((pid) => cpuSeconds(pid) === null)) throw new Error("pgbench: the server is not running");
  const groups: Record<CpuGroup, () => number> = {
    server: cpuOf(() => pids),
    postgres: postgresCpu,
    redis: cpuOf(pidsNamed("redis-server")),
    // This process: autocannon (and the reading of the server's log), the ceiling's openPack;
    // pgbench, its child, once reaped.
    benchProcess: () => (cpuSeconds(process.pid) ?? 0) + (reapedChildrenCpuSeconds(process.pid) ?? 0),
    serverThreadOnCore: () => serverThreads().onCore,
    serverThreadWaitingForCore: () => serverThreads().waitingForCore,
    benchThreadOnCore: () => thread(process.pid).onCore,
    benchThreadWaitingForCore: () => thread(process.pid).waitingForCore,
  };
  const turns = new Map<CpuPhase, CpuTurn[]>();
  const counted = (name: CpuPhase, phase: Phase): Phase => ({
    ...phase,
    run: async (seconds) => {
      const { result, seconds: elapsed, used } = await cpuDuring(groups, () => phase.run(seconds));
      turns.set(name, [...(turns.get(name) ?? []), { used, seconds: elapsed, openings: result.completed ?? result.requests }]);
      return result;
    },
  });
  const [spreadFigures, product, quiet, notify, pooled, ceilingFigures] = await measureInTurns([
    counted("spread", spread),
    counted("product", phases.product),
    counted("quiet", phases.quiet),
    counted("notify", phases.notify),
    counted("pooled", phases.pooled),
    ...(ceiling ? [counted("ceiling", ceiling)] : []),
  ]);
  const spreadCores = (turns.get("spread") ?? []).map(({ used, seconds }) => ({
    server: coresOf(used.server, seconds),
    machine: coresOf(used.machine, seconds),
  }));
  const cpu: PgbenchFigures["cpu"] = {};
  for (const [name, measured] of turns) cpu[name] = perOpening(measured.slice(1)) ?? undefined;
  return {
    spread: spreadFigures!,
    product: product!,
    quiet: quiet!,
    notify: notify!,
    pooled: pooled!,
    ...(ceilingFigures ? { ceiling: ceilingFigures } : {}),
    spreadCores,
    cpu,
  };
}

interface CpuTurn {
  used: Record<CpuGroup | "machine", number>;
  seconds: number;
  openings: number;
}

/** The turns' milliseconds per opening (one decimal), or null when nothing opened. */
function perOpening(turns: CpuTurn[]): CpuMsPerOpening | null {
  const openings = turns.reduce((sum, turn) => sum + turn.openings, 0);
  if (openings === 0) return null;
  const total = (group: CpuGroup | "machine") => turns.reduce((sum, turn) => sum + turn.used[group], 0);
  const seconds = turns.reduce((sum, turn) => sum + turn.seconds, 0);
  const ms = Object.fromEntries(
    (Object.keys(turns[0]!.used) as Array<CpuGroup | "machine">).map((group) => [
      group,
      Math.round((total(group) / openings) * 100_000) / 100,
    ]),
  ) as Record<CpuGroup | "machine", number>;
  return {
    ...ms,
    machineCores: coresOf(total("machine"), seconds),
    serverThreadRunnable: coresOf(total("serverThreadOnCore") + total("serverThreadWaitingForCore"), seconds),
    benchThreadRunnable: coresOf(total("benchThreadOnCore") + total("benchThreadWaitingForCore"), seconds),
  };
}

function pgbenchAvailable(): boolean {
  const probe = spawnSync("pgbench", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    log("pgbench not found: the pgbench ceiling is not measured");
    return false;
  }
  return true;
}

/**
 * Prepares the pgbench accounts (one per client: rich, age confirmed, an active seed pair) and
 * the two copies of open_pack, and returns the four variants as phases.
 */
export async function pgbenchPhases(database: Database, databaseUrl: string): Promise<Record<PgbenchVariant, Phase>> {
  await prepareAccounts(database);
  await createVariants(database);
  const pairs = (await database.sql.query<{ p_pair: string }>(`SELECT p_pair FROM bench_pgbench_client`)).map((row) => row.p_pair);
  const phase = (variant: PgbenchVariant): Phase => ({
    label: `pgbench ceiling, ${LABEL[variant]} (${clientsOf(variant)} clients)`,
    run: (seconds) => runPgbench(database, databaseUrl, variant, pairs, seconds),
  });
  for (const variant of Object.keys(FUNCTION) as PgbenchVariant[]) await assertOpens(database, variant);
  return { product: phase("product"), quiet: phase("quiet"), notify: phase("notify"), pooled: phase("pooled") };
}

async function prepareAccounts(database: Database): Promise<void> {
  const services = await openServices(database);
  const packs = await database.sql.query<{ slug: string }>(
    `SELECT slug FROM pack WHERE active AND "currentOddsVersionId" IS NOT NULL ORDER BY slug`,
  );
  await database.sql.exec(`CREATE TABLE bench_pgbench_client (
    client_id int PRIMARY KEY, p_user text NOT NULL, p_pack text NOT NULL, p_price numeric NOT NULL, p_pair text NOT NULL,
    p_item text NOT NULL, p_value numeric NOT NULL, p_odds text NOT NULL, p_result int NOT NULL, p_response jsonb NOT NULL)`);
  for (let client = 0; client < CONNECTIONS; client++) {
    const { userId } = await createUser(services, {
      email: `pgbench-${client}-${randomUUID().slice(0, 6)}@bench.prizepacks.local`,
      balance: parseMoney(ACCOUNT_BALANCE),
    });
    const [pair] = await database.sql.query<{ id: string; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }>(
      `SELECT id, "serverSeed", "serverSeedHash", "clientSeed", nonce FROM seed_pair WHERE "userId" = $1 AND "retiredAt" IS NULL`,
      [userId],
    );
    if (!pair) throw new Error(`pgbench: the account ${userId} has no active seed pair`);
    const cached = await getActivePackOrThrow(services, packs[client % packs.length]!.slug);
    const args = drawOpening(cached, userId, pair);
    await database.sql.query(`INSERT INTO bench_pgbench_client VALUES ($1, $2, $3, $4::numeric, $5, $6, $7::numeric, $8, $9, $10::jsonb)`, [
      client,
      userId,
      args.p_pack,
      args.p_price,
      args.p_pair,
      args.p_item,
      args.p_value,
      args.p_odds,
      args.p_result,
      JSON.stringify(args.p_response),
    ]);
  }
}

/**
 * The copies, made from the live definitions so that only the notification differs: "quiet" is
 * the product's record_account_event with every pg_notify taken out (the same as the product
 * once it has none), "notify" the record_account_event of 20261123220000_account_events, whose
 * NOTIFY per event goes to a channel nobody listens on.
 */
async function createVariants(database: Database): Promise<void> {
  const definition = async (name: string) =>
    (await database.sql.query<{ def: string }>(`SELECT pg_get_functiondef($1::regproc) AS def`, [name]))[0]!.def;
  const openPack = await definition("open_pack");
  const recordEvent = await definition("record_account_event");
  const rename = (sql: string, from: string, to: string) => sql.replace(new RegExp(`\\b${from}\\(`, "g"), `${to}(`);

  const quietEvent = rename(recordEvent, "record_account_event", "bench_record_account_event_quiet").replace(
    /PERFORM\s+pg_notify\s*\([\s\S]*?\);/g,
    "NULL;",
  );
  const before = /CREATE FUNCTION "record_account_event"[\s\S]*?END \$\$;/.exec(readFileSync(NOTIFYING_MIGRATION, "utf8"))?.[0];
  if (!before) throw new Error(`pgbench: no record_account_event in ${NOTIFYING_MIGRATION}`);
  const notifyEvent = before
    .replace('CREATE FUNCTION "record_account_event"', "CREATE OR REPLACE FUNCTION bench_record_account_event_notify")
    .replace("'prizepacks_events'", "'prizepacks_events_bench'");
  if (!notifyEvent.includes("pg_notify('prizepacks_events_bench'")) throw new Error("pgbench: the NOTIFY copy does not notify");

  await database.sql.exec(quietEvent);
  await database.sql.exec(notifyEvent);
  for (const [variant, event] of [
    ["quiet", "bench_record_account_event_quiet"],
    ["notify", "bench_record_account_event_notify"],
  ] as const) {
    await database.sql.exec(rename(rename(openPack, "open_pack", FUNCTION[variant]), "record_account_event", event));
  }
  const quietBody = (await definition("bench_record_account_event_quiet")) + (await definition(FUNCTION.quiet));
  if (/pg_notify/.test(quietBody)) throw new Error("pgbench: the quiet copy still notifies");
  log(`pgbench: the product's record_account_event ${/pg_notify/.test(recordEvent) ? "notifies" : "does not notify"}`);
}

/** One opening through the variant on client 0's account: it must open, not refuse. */
async function assertOpens(database: Database, variant: PgbenchVariant): Promise<void> {
  const statement = script(FUNCTION[variant]).replace(":client_id", "0");
  const [row] = await database.sql.query<{ balance_after: string | null }>(statement);
  if (!row?.balance_after) throw new Error(`pgbench: ${FUNCTION[variant]} did not open (balance_after ${row?.balance_after})`);
}

const openedSoFar = async (database: Database, pairs: string[]) =>
  Number(
    (await database.sql.query<{ n: string }>(`SELECT COALESCE(SUM(nonce), 0)::text AS n FROM seed_pair WHERE id = ANY($1)`, [pairs]))[0]!.n,
  );

async function runPgbench(
  database: Database,
  databaseUrl: string,
  variant: PgbenchVariant,
  pairs: string[],
  seconds: number,
): Promise<Figures> {
  const dir = mkdtempSync(path.join(tmpdir(), "prizepacks-pgbench-"));
  try {
    const scriptFile = path.join(dir, "open.sql");
    writeFileSync(scriptFile, script(FUNCTION[variant]));
    // pgbench runs whole seconds; the rate is what it reports, the count scaled to the seconds asked.
    const duration = Math.max(1, Math.round(seconds));
    const before = await openedSoFar(database, pairs);
    const output = await run("pgbench", [
      "--no-vacuum",
      "--protocol=prepared",
      `--client=${clientsOf(variant)}`,
      "--jobs=2",
      `--time=${duration}`,
      `--file=${scriptFile}`,
      "--log",
      `--log-prefix=${path.join(dir, "log")}`,
      databaseUrl,
    ]);
    await backendsGone(database);
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? NaN);
    const opened = (await openedSoFar(database, pairs)) - before;
    if (!Number.isFinite(processed) || !Number.isFinite(tps)) throw new Error(`pgbench: unreadable output:\n${output}`);
    if (failed > 0 || opened !== processed) {
      throw new Error(`pgbench (${variant}): ${processed} transactions, ${failed} failed, ${opened} openings recorded\n${output}`);
    }
    const latencies = readdirSync(dir)
      .filter((file) => file.startsWith("log"))
      .flatMap((file) => readFileSync(path.join(dir, file), "utf8").trim().split("\n"))
      .filter(Boolean)
      .map((line) => Number(line.split(" ")[2]) / 1000)
      .sort((a, b) => a - b);
    const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
    return {
      perSecond: Math.round(tps),
      p50: at(0.5),
      p99: at(0.99),
      requests: Math.round(tps * seconds),
      errors: failed,
      completed: processed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Waits (2 s at most) until pgbench's backends have exited: the postmaster then has reaped them
 * and counts their CPU, which a sample taken while they exit could count twice or not at all.
 */
async function backendsGone(database: Database): Promise<void> {
  for (const until = Date.now() + 2_000; Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
    const [row] = await database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'pgbench' AND datname = current_database()`,
    );
    if (row?.n === 0) return;
  }
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`))));
  });
}
