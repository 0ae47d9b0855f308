// Battles: what settling one (and an upgrade) costs next to openings, and how soon a hundred locked to one beacon
// round are settled by the running service once that round is published.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createBattle,
  createUser,
  joinBattle,
  listUpgradeTargets,
  LocalBeacon,
  openPack,
  parseMoney,
  readOrCreateLocalBeaconKey,
  roundAt,
  roundTimeMs,
  settleBattle,
  upgradeItems,
  type BeaconRound,
} from "@prizepacks/core";
import { moneyToCents } from "@prizepacks/core/contract";
import { openServices, type Services } from "@prizepacks/core/server";
import type { Database, SqlQuery, SqlRunner } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { mainThreadSeconds, pidsNamed } from "./cpu.ts";
import { log } from "./log.ts";
import { ACCOUNT_BALANCE } from "./options.ts";

const SEATS = 4;
const ROUNDS = 10;
/** Battles settled one at a time for the cost (after WARMUP untimed ones). */
const COST_BATTLES = 50;
const WARMUP = 2;
export const CONCURRENT_BATTLES = 100;
/** The accounts that fill the concurrent battles, four different ones per battle. */
const CONCURRENT_ACCOUNTS = 40;

export interface BattleFigures {
  /** Mean wall time of one settlement transaction (4 seats, 10 rounds) on an otherwise idle database. */
  settleMs: number;
  /** Mean wall time of one openPack, one at a time, in the same process. */
  openMs: number;
  /**
   * The same in the time the one PostgreSQL backend that ran them spent on a core
   * (/proc/<pid>/schedstat): that work's own, whatever else the database does meanwhile.
   */
  settleBackendMs: number;
  openBackendMs: number;
  /**
   * The same in PostgreSQL's active time (pg_stat_database.active_time) less the server's idle
   * share: it adds the commits' waits for the disk, and whatever the server's own passes did
   * in the window beyond their idle rate.
   */
  settleDatabaseMs: number;
  openDatabaseMs: number;
  /** SQL statements each sends, BEGIN and COMMIT included. */
  settleStatements: number;
  openStatements: number;
  /** WAL bytes each writes (the server's, over the batch). */
  settleWalBytes: number;
  openWalBytes: number;
  /**
   * The same for an upgrade staking one item won by those openings (#38: at most an opening's
   * database time), one at a time on the same connection; `upgrades` were timed.
   */
  upgrade: { upgrades: number; ms: number; backendMs: number; databaseMs: number; statements: number; walBytes: number };
  /** The concurrent battles: from their round's publication to their settlement, in ms. */
  concurrent: { battles: number; rounds: number; firstMs: number; p50Ms: number; p99Ms: number; maxMs: number };
}

export async function measureBattles(
  database: Database,
  databaseUrl: string,
  slugs: string[],
  serverDataDir: string,
): Promise<BattleFigures> {
  const services = await openServices(database);
  // One connection: one backend, whose time on a core is the work's.
  const single = await openDatabase({ url: databaseUrl, poolSize: 1, waits: "operator" });
  const cost = await measureCost({ ...services, database: single }, slugs).finally(() => single.close());
  // The service's own beacon (the local one: the bench's server runs on loopback, in demo mode),
  // so that its settler settles these battles as it would any.
  const serverBeacon = await LocalBeacon.open({ dataDir: serverDataDir });
  const concurrent = await measureConcurrent({ ...services, beacon: serverBeacon }, slugs);
  return { ...cost, concurrent };
}

const richAccount = async (services: Services, name: string) =>
  (
    await createUser(services, {
      email: `${name}-${randomUUID().slice(0, 8)}@bench.prizepacks.local`,
      balance: parseMoney(ACCOUNT_BALANCE),
    })
  ).userId;

const packsOfBattle = (slugs: string[], index: number) =>
  Array.from({ length: ROUNDS }, (_, round) => slugs[(index + round) % slugs.length]!);

/** A 4-seat, 10-round battle, every seat an account (every item is then paid out to a player): locked when the last joins. */
async function lockedBattle(services: Services, seats: string[], packs: string[]): Promise<{ id: string; beaconRound: number }> {
  const created = await createBattle(services, seats[0]!, { packs, layout: "1v1v1v1", winRule: "highest" });
  let battle = created;
  for (const userId of seats.slice(1)) battle = await joinBattle(services, userId, created.id, {});
  if (battle.status !== "locked" || battle.beacon.round == null) throw new Error(`battles: ${created.id} is ${battle.status}, not locked`);
  return { id: created.id, beaconRound: battle.beacon.round };
}

/**
 * Settlement against openings, both timed one at a time in this process on one connection
 * (`shared.database`), in wall time, in that backend's time on a core and in PostgreSQL's
 * active time, with their statements counted. The battles use a beacon of the
 * bench's own, an hour old and with its clock a minute ahead: their rounds exist at once, and
 * lie far beyond the service's own chain, whose settler therefore leaves them alone.
 */
async function measureCost(shared: Services, slugs: string[]): Promise<Omit<BattleFigures, "concurrent">> {
  const keyDir = mkdtempSync(path.join(tmpdir(), "prizepacks-bench-beacon-"));
  try {
    const key = readOrCreateLocalBeaconKey(keyDir, Date.now() - 3_600_000);
    const statements = countingStatements(shared.database);
    const services: Services = {
      ...shared,
      database: statements.database,
      beacon: await LocalBeacon.fromKey(key, () => Date.now() + 60_000),
    };
    const players = await Promise.all(Array.from({ length: SEATS }, (_, seat) => richAccount(services, `battle-cost-${seat}`)));
    const battles: Array<{ id: string; round: BeaconRound }> = [];
    for (let index = 0; index < WARMUP + COST_BATTLES; index++) {
      const { id, beaconRound } = await lockedBattle(services, players, packsOfBattle(slugs, index));
      // The round fetched first: what is timed is the settlement, not the signing.
      battles.push({ id, round: (await services.beacon.fetchRound(beaconRound))! });
    }
    const settle = async ({ id, round }: { id: string; round: BeaconRound }) => {
      const outcome = await settleBattle(services, id, round);
      if (outcome !== "settled") throw new Error(`battles: ${id} was ${outcome}, not settled`);
    };
    // What the openings win is staked by the upgrades, each for the cheapest target worth more.
    const won: Array<{ id: string; cents: bigint }> = [];
    const open = async (index: number) => {
      const { inventoryItem } = await openPack(services, { userId: players[0]!, idOrSlug: slugs[index % slugs.length]! });
      won.push({ id: inventoryItem.id, cents: moneyToCents(inventoryItem.value) });
    };
    const targets = await upgradeTargetsCheapestFirst(services);
    const upgradeOne = async (stake: { id: string; cents: bigint }) => {
      const target = targets.find((candidate) => candidate.cents > stake.cents && candidate.cents <= stake.cents * 90n);
      if (!target) return false;
      await upgradeItems(services, players[0]!, { inventoryItemIds: [stake.id], targetItemId: target.id });
      return true;
    };
    // The warm-up on the backend that runs every batch: its statements prepared, its functions compiled.
    const pid = await backendPid(shared.database);
    assertPostgresProcess(pid);
    for (const battle of battles.slice(0, WARMUP)) await settle(battle);
    for (let index = 0; index < WARMUP * ROUNDS; index++) await open(index);
    for (const stake of won.splice(0)) await upgradeOne(stake);

    await idleKeepingConnection(shared.database, REPORTED_MS);
    const batch = (work: () => Promise<void>) => timed(shared.database, pid, statements, work);
    const idleBefore = await batch(async () => undefined);
    const settled = await batch(async () => {
      for (const battle of battles.slice(WARMUP)) await settle(battle);
    });
    const opened = await batch(async () => {
      for (let index = 0; index < COST_BATTLES * ROUNDS; index++) await open(index);
    });
    let upgrades = 0;
    const upgraded = await batch(async () => {
      for (const stake of won.splice(0)) if (await upgradeOne(stake)) upgrades++;
    });
    const idleAfter = await batch(async () => undefined);
    // The server's own background passes run meanwhile (every second; the report rollup every
    // minute): the quieter idle window's share is taken out of each. NaN if that leaves nothing.
    const idleRate = Math.min(idleBefore.activeMs / idleBefore.windowMs, idleAfter.activeMs / idleAfter.windowMs);
    const database = (run: Timed, count: number) => {
      const ms = (run.activeMs - idleRate * run.windowMs) / count;
      return ms > 0 ? round2(ms) : NaN;
    };
    const figures = {
      settleMs: round2(settled.wallMs / COST_BATTLES),
      openMs: round2(opened.wallMs / (COST_BATTLES * ROUNDS)),
      settleBackendMs: round2(settled.backendMs / COST_BATTLES),
      openBackendMs: round2(opened.backendMs / (COST_BATTLES * ROUNDS)),
      settleDatabaseMs: database(settled, COST_BATTLES),
      openDatabaseMs: database(opened, COST_BATTLES * ROUNDS),
      settleStatements: round2(settled.statements / COST_BATTLES),
      openStatements: round2(opened.statements / (COST_BATTLES * ROUNDS)),
      settleWalBytes: Math.round(settled.walBytes / COST_BATTLES),
      openWalBytes: Math.round(opened.walBytes / (COST_BATTLES * ROUNDS)),
      upgrade: {
        upgrades,
        ms: round2(upgraded.wallMs / upgrades),
        backendMs: round2(upgraded.backendMs / upgrades),
        databaseMs: database(upgraded, upgrades),
        statements: round2(upgraded.statements / upgrades),
        walBytes: Math.round(upgraded.walBytes / upgrades),
      },
    };
    log(
      `battles: settling a ${SEATS}-seat ${ROUNDS}-round battle ${figures.settleMs} ms (backend on a core ${figures.settleBackendMs} ms, ` +
        `active ${figures.settleDatabaseMs} ms, ${figures.settleStatements} statements), an opening ${figures.openMs} ms ` +
        `(backend ${figures.openBackendMs} ms, active ${figures.openDatabaseMs} ms, ${figures.openStatements}); ` +
        `WAL ${figures.settleWalBytes} and ${figures.openWalBytes} bytes`,
    );
    const { upgrade } = figures;
    log(
      `upgrades: ${upgrade.upgrades} one at a time, ${upgrade.ms} ms each (backend on a core ${upgrade.backendMs} ms, ` +
        `active ${upgrade.databaseMs} ms, ${upgrade.statements} statements, WAL ${upgrade.walBytes} bytes)`,
    );
    return figures;
  } finally {
    rmSync(keyDir, { recursive: true, force: true });
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Every item an upgrade may target, cheapest first, with its value in cents. */
async function upgradeTargetsCheapestFirst(services: Services): Promise<Array<{ id: string; cents: bigint }>> {
  const targets: Array<{ id: string; cents: bigint }> = [];
  for (let cursor: string | undefined; ;) {
    const page = await listUpgradeTargets(services, { cursor, limit: 100 });
    targets.push(...page.targets.map((target) => ({ id: target.id, cents: moneyToCents(target.value) })));
    if (!page.nextCursor) return targets;
    cursor = page.nextCursor;
  }
}

interface Timed {
  /** The work's own wall time. */
  wallMs: number;
  /** The work's backend on a core. */
  backendMs: number;
  /** WAL written meanwhile, by the whole server (the work's, and the little the server's passes add). */
  walBytes: number;
  /** PostgreSQL's active time in the bench database over the whole window (the work and the wait for the backends' reports). */
  activeMs: number;
  windowMs: number;
  statements: number;
}

/** A backend reports its statistics within 10 s of going idle (PostgreSQL 15's PGSTAT_IDLE_INTERVAL). */
const REPORTED_MS = 11_000;

async function activeTimeMs(database: Database): Promise<number> {
  const [row] = await database.sql.query<{ ms: number | null }>(
    `SELECT active_time AS ms FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(row?.ms ?? NaN);
}

/** The one backend of a single-connection database. */
async function backendPid(database: Database): Promise<number> {
  const [row] = await database.sql.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`);
  return row!.pid;
}

/**
 * Waits `ms` with the one connection kept open: the pool closes a connection idle for 10 s
 * (pg-pool's default), and its successor's backend would start cold (statements parsed and
 * functions compiled again) in the next batch.
 */
async function idleKeepingConnection(database: Database, ms: number): Promise<void> {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) {
    await database.sql.query(`SELECT 1`);
    await new Promise((resolve) => setTimeout(resolve, Math.min(3_000, left)));
  }
}

async function walLsn(database: Database): Promise<string> {
  const [row] = await database.sql.query<{ lsn: string }>(`SELECT pg_current_wal_insert_lsn()::text AS lsn`);
  return row!.lsn;
}

async function walBytesSince(database: Database, lsn: string): Promise<number> {
  const [row] = await database.sql.query<{ bytes: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text AS bytes`,
    [lsn],
  );
  return Number(row!.bytes);
}

const backendOnCoreMs = (pid: number) => {
  const thread = mainThreadSeconds(pid);
  if (!thread) throw new Error(`battles: no /proc/${pid}/schedstat: PostgreSQL must run on this machine`);
  return thread.onCore * 1000;
};

/** The backend's pid as this machine sees it (a PostgreSQL in a container of its own would answer with another). */
function assertPostgresProcess(pid: number): void {
  if (!pidsNamed("postgres")().includes(pid)) throw new Error(`battles: process ${pid} is not the connection's PostgreSQL backend`);
}

/**
 * The work, its backend's time on a core and the WAL written, then the wait for every backend's
 * report: PostgreSQL's active time over the whole window. `database` is the work's, one
 * connection, whose backend `pid` warmed up.
 */
async function timed(database: Database, pid: number, statements: { count: () => number }, work: () => Promise<void>): Promise<Timed> {
  const [windowStart, activeBefore, statementsBefore] = [performance.now(), await activeTimeMs(database), statements.count()];
  if ((await backendPid(database)) !== pid) throw new Error("battles: the connection was replaced: its backend would start cold");
  const walBefore = await walLsn(database);
  const backendBefore = backendOnCoreMs(pid);
  await work();
  const backendMs = backendOnCoreMs(pid) - backendBefore;
  const walBytes = await walBytesSince(database, walBefore);
  if ((await backendPid(database)) !== pid) throw new Error("battles: the connection was replaced while the work ran");
  const wallMs = performance.now() - windowStart;
  const statementCount = statements.count() - statementsBefore;
  await idleKeepingConnection(database, REPORTED_MS);
  return {
    wallMs,
    backendMs,
    walBytes,
    activeMs: (await activeTimeMs(database)) - activeBefore,
    windowMs: performance.now() - windowStart,
    statements: statementCount,
  };
}

/** The database with its SQL statements counted (a transaction's BEGIN and COMMIT included). */
function countingStatements(database: Database): { database: Database; count: () => number } {
  let count = 0;
  const counted = (sql: SqlQuery): SqlQuery => ({
    query: <T extends Record<string, unknown>>(text: string, params?: unknown[]) => {
      count++;
      return sql.query<T>(text, params);
    },
  });
  const sql: SqlRunner = {
    ...counted(database.sql),
    exec: (text) => {
      count++;
      return database.sql.exec(text);
    },
    withConnection: (fn) => database.sql.withConnection(fn),
    transaction: (fn) => {
      count += 2;
      return database.sql.transaction((tx) => fn(counted(tx)));
    },
  };
  return { database: { ...database, sql }, count: () => count };
}

/**
 * CONCURRENT_BATTLES battles, three seats taken beforehand, the fourth all at once right after
 * a round begins so that they lock on the same beacon round; then the service's settler (every
 * second) settles them once that round is published. Each battle's delay is its settledAt (the
 * settlement transaction's start, its commit a few ms later) less its round's publication time.
 */
async function measureConcurrent(services: Services, slugs: string[]): Promise<BattleFigures["concurrent"]> {
  const accounts = await Promise.all(Array.from({ length: CONCURRENT_ACCOUNTS }, (_, i) => richAccount(services, `battle-load-${i}`)));
  const seatsOf = (index: number) => Array.from({ length: SEATS }, (_, seat) => accounts[((index % 10) * SEATS + seat) % accounts.length]!);
  const open: string[] = [];
  for (let index = 0; index < CONCURRENT_BATTLES; index++) {
    const [creator, ...others] = seatsOf(index);
    const created = await createBattle(services, creator!, { packs: packsOfBattle(slugs, index), layout: "1v1v1v1", winRule: "highest" });
    for (const userId of others.slice(0, -1)) await joinBattle(services, userId, created.id, {});
    open.push(created.id);
  }
  const { chain } = services.beacon;
  const nextRound = roundTimeMs(chain, roundAt(chain, Date.now()) + 1);
  await new Promise((resolve) => setTimeout(resolve, nextRound - Date.now() + 20));
  const lockStarted = Date.now();
  await Promise.all(open.map((id, index) => joinBattle(services, seatsOf(index)[SEATS - 1]!, id, {})));
  log(`battles: ${CONCURRENT_BATTLES} battles locked in ${Date.now() - lockStarted} ms`);

  const { sql } = services.database;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [{ left } = { left: 0 }] = await sql.query<{ left: number }>(
      `SELECT count(*)::int AS left FROM battle WHERE id = ANY($1) AND status <> 'settled'`,
      [open],
    );
    if (left === 0) break;
    if (Date.now() > deadline) throw new Error(`battles: ${left} of ${CONCURRENT_BATTLES} battles not settled after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // settledAt is a timestamp without time zone written in the session's zone, UTC here; read as epoch ms.
  const rows = await sql.query<{ beaconRound: number; settledMs: string }>(
    `SELECT "beaconRound", (EXTRACT(EPOCH FROM "settledAt") * 1000)::bigint::text AS "settledMs" FROM battle WHERE id = ANY($1)`,
    [open],
  );
  const delays = rows.map((row) => Number(row.settledMs) - roundTimeMs(chain, row.beaconRound)).sort((a, b) => a - b);
  const at = (q: number) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!;
  const figures = {
    battles: delays.length,
    rounds: new Set(rows.map((row) => row.beaconRound)).size,
    firstMs: delays[0]!,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: delays[delays.length - 1]!,
  };
  log(
    `battles: ${figures.battles} on ${figures.rounds} beacon round(s) settled after their round: first ${figures.firstMs} ms, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms`,
  );
  return figures;
}
