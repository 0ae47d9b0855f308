import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.ts";
import { functionDefinitions, listFunctionFiles, type FunctionFile } from "./functions.ts";
import { applyMigrations } from "./migrate.ts";

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A freshly migrated database: a scratch one beside DATABASE_URL's (local only), else an in-memory PGlite. */
async function migratedDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDataDir: "memory://" });
    await applyMigrations(database.sql);
    return database;
  }
  const url = new URL(serverUrl);
  if (!["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(url.hostname)) {
    throw new Error(`Refusing to run tests against non-local database host "${url.hostname}".`);
  }
  const name = `${url.pathname.slice(1) || "prizepacks"}_fn_${randomUUID().slice(0, 8)}`;
  await onServer(serverUrl, `CREATE DATABASE "${name}"`);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await applyMigrations(database.sql);
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
    },
  };
}

const byName = (functions: FunctionFile[]) => Object.fromEntries(functions.map((fn) => [fn.name, fn.sql]));

describe("prisma/functions", () => {
  let database: Database | undefined;
  let inDatabase: FunctionFile[] = [];
  beforeAll(async () => {
    database = await migratedDatabase();
    inDatabase = await functionDefinitions(database.sql);
  });
  afterAll(() => database?.close());

  it("holds each function of a migrated database, in one file of its name, exactly as pg_get_functiondef prints it", () => {
    // One file per name: an overload would need a second file scheme.
    expect(new Set(inDatabase.map((fn) => fn.name)).size).toBe(inDatabase.length);
    // Any difference reads as a diff of the two texts. Fix: `npx tsx scripts/dev/sql-functions.ts write`
    // after a migration that carries the change.
    expect(byName(listFunctionFiles())).toEqual(byName(inDatabase));
  });

  it("takes money from a wallet in paid_play alone, which every paid play calls for its lock, checks and entry", () => {
    const files = byName(listFunctionFiles());
    expect(Object.keys(files).filter((name) => /balance\s*=\s*balance\s*-/.test(files[name]!))).toEqual(["paid_play"]);
    for (const name of ["open_pack", "battle_entry_debit", "upgrade_items"]) {
      expect(files[name]).toMatch(/:= paid_play\(/);
      expect(files[name]).not.toMatch(/UPDATE wallet|INSERT INTO ledger_entry|paid_play_refusal|player_protection_refusal/);
    }
  });
});
