import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/prisma/client.ts";
import { dbEnv } from "./env.ts";

export type Db = PrismaClient;
/** What domain functions accept: the client itself or an interactive transaction. */
export type DbTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** Runs raw multi-statement SQL (migrations) next to the Prisma client. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection, for session state such as advisory locks. */
  withConnection<T>(fn: (connection: SqlRunner) => Promise<T>): Promise<T>;
}

function pgRunner(client: pg.Pool | pg.PoolClient): SqlRunner {
  const runner: SqlRunner = {
    async exec(sql) {
      await client.query(sql);
    },
    async query(sql, params) {
      const result = await client.query(sql, params);
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
  };
  return runner;
}

export interface Database {
  kind: "postgres" | "pglite";
  prisma: Db;
  sql: SqlRunner;
  close(): Promise<void>;
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

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const env = dbEnv();
  const url = options.url ?? env.databaseUrl;
  const bounded = (options.waits ?? "service") === "service";
  const bounds = SERVICE_WAIT_BOUNDS;
  const transactionOptions = bounded ? { maxWait: bounds.connectMs, timeout: bounds.transactionMs } : { maxWait: 60_000, timeout: 600_000 };
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: bounds.connectMs,
      ...(bounded && {
        lock_timeout: bounds.lockMs,
        statement_timeout: bounds.statementMs,
        idle_in_transaction_session_timeout: bounds.idleInTransactionMs,
      }),
    });
    // An idle connection that the server closes (restart, failover) emits an error; without a
    // listener it would crash the process. The pool drops that client and opens a new one.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions });
    return {
      kind: "postgres",
      prisma,
      sql: pgRunner(pool),
      async close() {
        await prisma.$disconnect();
        await pool.end().catch(() => undefined);
      },
    };
  }

  const dataDir = options.pgliteDataDir ?? path.join(env.dataDir, "pglite");
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
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
  };
  return {
    kind: "pglite",
    prisma,
    sql,
    async close() {
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
