import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client.ts";
import { dataFolder, dbEnv } from "./env.ts";
import { PgListener, type ChangeHandlers } from "./pg-listener.ts";
import { logger } from "./log.ts";

export type { ChangeHandlers } from "./pg-listener.ts";

export type Db = PrismaClient;
/** What domain functions accept: the client itself or an interactive transaction. */
export type DbTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export interface SqlQuery {
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The SQL runner's interface over a Prisma transaction, for code written for the runner that must run inside one. */
export const sqlOfTransaction = (tx: DbTx): SqlQuery => ({ query: (text, params = []) => tx.$queryRawUnsafe(text, ...params) });

/**
 * SQL on the same connections as the Prisma client: migrations, and the hot paths where a
 * statement written by hand measurably beats Prisma's query interpreter (see open-pack.ts).
 */
export interface SqlRunner extends SqlQuery {
  exec(sql: string): Promise<void>;
  /** Runs fn on one connection, for session state such as advisory locks. */
  withConnection<T>(fn: (connection: SqlRunner) => Promise<T>): Promise<T>;
  /** BEGIN … COMMIT on one connection; ROLLBACK when fn throws. */
  transaction<T>(fn: (tx: SqlQuery) => Promise<T>): Promise<T>;
}

// Parameterized queries run as named prepared statements: PostgreSQL parses and plans each
// text once per connection instead of on every call (measured on the opening's hot path).
const statementNames = new Map<string, string>();
function prepared(text: string, values: unknown[] | undefined): pg.QueryConfig {
  if (!values) return { text };
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `pp_${statementNames.size}`));
  return { name, text, values };
}

/** node-postgres's error for a query whose answer did not arrive within query_timeout. */
const READ_TIMEOUT = /^Query read timeout$/;

function pgRunner(client: pg.Pool | pg.PoolClient): SqlRunner {
  const runner: SqlRunner = {
    async exec(sql) {
      await client.query(sql);
    },
    async query<T extends Record<string, unknown>>(sql: string, params?: unknown[]) {
      const result = await client.query<T>(prepared(sql, params));
      return result.rows;
    },
    async withConnection(fn) {
      if (!(client instanceof pg.Pool)) return fn(runner);
      const connection = await client.connect();
      try {
        return await fn(pgRunner(connection));
      } finally {
        connection.release();
      }
    },
    async transaction(fn) {
      const connection = client instanceof pg.Pool ? await client.connect() : client;
      let broken: Error | undefined;
      try {
        await connection.query("BEGIN");
        const result = await fn({
          query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
            (await connection.query<T>(prepared(sql, params))).rows,
        });
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        // A statement whose answer never came (query_timeout) leaves the connection waiting on
        // it: a ROLLBACK would only queue behind it for another bound. Dropping the connection
        // ends the transaction on the server as well.
        if (error instanceof Error && READ_TIMEOUT.test(error.message)) broken = error;
        else await connection.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection that could not even roll back is dropped, not reused.
        if (client instanceof pg.Pool) connection.release(broken);
      }
    },
  };
  return runner;
}

export interface Database {
  kind: "postgres" | "pglite";
  prisma: Db;
  sql: SqlRunner;
  /**
   * LISTEN on a channel, reconnecting on its own after a failure. Every channel shares one
   * connection (see PgListener). Returns stop.
   */
  listen(channel: string, handlers: ChangeHandlers): Promise<() => Promise<void>>;
  /** Runs before the connections close: for whatever was started on this database (listeners, timers). */
  onClose(fn: () => Promise<void> | void): void;
  close(): Promise<void>;
  /** The pg pool's connections now; null on PGlite (one in-process connection, no pool). */
  poolStats(): PoolStats | null;
  /**
   * PGlite: a consistent copy of its data directory, a gzipped tar that PGlite loads back
   * (`loadDataDir`). Null on PostgreSQL, whose copies are pg_dump's or base backups.
   */
  dumpDataDir: (() => Promise<Uint8Array>) | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection: above zero for long, the pool is too small or held too long. */
  waiting: number;
}

function closeHooks() {
  const hooks: Array<() => Promise<void> | void> = [];
  return {
    onClose: (fn: () => Promise<void> | void) => void hooks.push(fn),
    run: () => Promise.allSettled(hooks.splice(0).map(async (fn) => fn())),
  };
}

/**
 * Every wait the service's database work can run into is bounded, so a request answers
 * (503 when a bound runs out) well within 10 s: a free pool connection, a row lock, a
 * statement, a whole interactive transaction, and a session left idle inside a transaction.
 */
export const SERVICE_WAIT_BOUNDS = {
  connectMs: 3_000,
  lockMs: 2_000,
  statementMs: 5_000,
  /** How long past statementMs an answer may take to arrive before the connection counts as gone. */
  readMarginMs: 2_000,
  transactionMs: 8_000,
  idleInTransactionMs: 10_000,
} as const;

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without it the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory, or "memory://" for a throw-away database. */
  pgliteDataDir?: string;
  poolSize?: number;
  /**
   * "service" (default): SERVICE_WAIT_BOUNDS. "operator": no statement or lock bound, for the
   * admin CLI and benchmarks, whose audits and bulk loads may rightly take minutes.
   */
  waits?: "service" | "operator";
}

/**
 * PGlite touches all of its shared buffers when it starts: 128 MB by default, each of them
 * resident in the server's memory whether used or not. The embedded default holds a demo's or
 * a small site's data, read through the operating system's file cache: 16 MB holds its hot
 * pages, and the server starts 160 MiB smaller (docs/performance.md, "Memory").
 */
const embeddedStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const env = dbEnv();
  const url = options.url ?? env.databaseUrl;
  const bounded = (options.waits ?? "service") === "service";
  const bounds = SERVICE_WAIT_BOUNDS;
  const transactionOptions = bounded ? { maxWait: bounds.connectMs, timeout: bounds.transactionMs } : { maxWait: 60_000, timeout: 600_000 };
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? env.poolSize,
      connectionTimeoutMillis: bounds.connectMs,
      // Timestamps are UTC throughout (Prisma writes UTC into timestamp columns): now() and
      // column defaults must agree whatever the server's time zone.
      options: "-c TimeZone=UTC",
      ...(bounded && {
        lock_timeout: bounds.lockMs,
        statement_timeout: bounds.statementMs,
        idle_in_transaction_session_timeout: bounds.idleInTransactionMs,
        // The server's statement_timeout cannot answer on a connection that went silent (a
        // peer gone without a FIN, a network partition): the driver gives up on the answer a
        // little after it. sql.query and sql.transaction then drop that connection; Prisma's
        // interactive transactions release it to the pool, where it fails its next user too.
        query_timeout: bounds.statementMs + bounds.readMarginMs,
      }),
    });
    // An idle connection that the server closes (restart, failover) emits an error; without a
    // listener it would crash the process. The pool drops that client and opens a new one.
    pool.on("error", (error) => logger("db").warn(`idle PostgreSQL connection failed: ${error.message}`));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions });
    const hooks = closeHooks();
    const listener = new PgListener(url, bounds.connectMs);
    return {
      kind: "postgres",
      prisma,
      sql: pgRunner(pool),
      listen: (channel, handlers) => listener.listen(channel, handlers),
      onClose: hooks.onClose,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dumpDataDir: null,
      async close() {
        await hooks.run();
        await listener.close();
        await prisma.$disconnect();
        await pool.end().catch(() => undefined);
      },
    };
  }

  const dataDir = options.pgliteDataDir ?? path.join(env.dataDir, dataFolder.pglite);
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { startParams: embeddedStartParams });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite as never), transactionOptions });
  const sql: SqlRunner = {
    async exec(text) {
      await pglite.exec(text);
    },
    async query(text, params) {
      const result = await pglite.query(text, params);
      return result.rows as never;
    },
    withConnection: (fn) => fn(sql),
    transaction: (fn) => pglite.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params)).rows as never })),
  };
  const hooks = closeHooks();
  return {
    kind: "pglite",
    prisma,
    sql,
    onClose: hooks.onClose,
    poolStats: () => null,
    async dumpDataDir() {
      // The checkpoint writes every committed page into the files, so a restore need not replay
      // the log. The copy itself runs under PGlite's query lock: no statement runs while the
      // files are read, so it is a copy of one instant; a transaction open at that instant has
      // not committed and is rolled back when the copy is opened.
      await pglite.exec("CHECKPOINT");
      return new Uint8Array(await (await pglite.dumpDataDir("gzip")).arrayBuffer());
    },
    // One in-process database: its notifications cannot be lost.
    async listen(channel, handlers) {
      const unsubscribe = await pglite.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onListening();
      return unsubscribe;
    },
    async close() {
      await hooks.run();
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

const GLOBAL_KEY = Symbol.for("prizepacks.database");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<Database> };

/**
 * The process-wide database. Kept on globalThis because Next.js may load this module
 * once per route bundle, and an embedded PGlite directory must be opened only once.
 */
export function getDatabase(): Promise<Database> {
  const g = globalThis as GlobalWithDb;
  g[GLOBAL_KEY] ??= openDatabase().catch((error: unknown) => {
    delete g[GLOBAL_KEY];
    throw error;
  });
  return g[GLOBAL_KEY];
}
