import { randomUUID } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "@prizepacks/db/client";
import { applyMigrations, listMigrations, type MigrationFile } from "@prizepacks/db/migrate";

/** Refuses to run tests against a database that is not on this machine. */
export function assertLocalDatabaseUrl(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(host)) {
    throw new Error(`Refusing to run tests against non-local database host "${host}".`);
  }
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its last connection has gone. Not WITH (FORCE): that would kill
 * connections still closing and surface as errors in whatever owned them.
 */
async function dropDatabaseWhenFree(url: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(url, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      const objectInUse = (error as { code?: string }).code === "55006";
      if (!objectInUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A migrated database of the test file's own: on the PostgreSQL server of DATABASE_URL when
 * it is set (a fresh database next to it, dropped on close), otherwise an in-memory PGlite.
 * Keeping domain tests out of DATABASE_URL itself leaves that database to the end-to-end
 * run, whose start-up seeds the demo catalog only into a database without packs.
 * `migrations`: those to apply, all by default (a migration's test applies the ones before it).
 */
export async function openTestDatabase(migrations: MigrationFile[] = listMigrations()): Promise<Database> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ pgliteDataDir: "memory://" });
    await applyMigrations(database.sql, migrations);
    return database;
  }
  const created = await createTestDatabase();
  const database = await openDatabase({ url: created.url, poolSize: 20 });
  await applyMigrations(database.sql, migrations);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * An empty database of its own next to DATABASE_URL's, for a test that starts a server on it
 * or breaks it (refuses connections, kills them) without touching anyone else's.
 */
export async function createTestDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("createTestDatabase needs DATABASE_URL (a PostgreSQL server).");
  assertLocalDatabaseUrl(url);
  const testUrl = new URL(url);
  const name = `${testUrl.pathname.slice(1) || "prizepacks"}_t_${randomUUID().slice(0, 8)}`;
  await onServer(url, `CREATE DATABASE "${name}"`);
  testUrl.pathname = `/${name}`;
  return { url: testUrl.toString(), name, drop: () => dropDatabaseWhenFree(url, name) };
}

// The drand relay stand-in, here too because battle tests reach for it beside their database.
export { startDrandStandin } from "./drand-standin.ts";
export type { DrandStandin, DrandStandinOptions } from "./drand-standin.ts";
