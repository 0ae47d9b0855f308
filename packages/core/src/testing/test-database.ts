import { openDatabase, type Database } from "@prizepacks/db";
import { applyMigrations } from "@prizepacks/db/migrate";

/** Refuses to run tests against a database that is not on this machine. */
export function assertLocalDatabaseUrl(url: string): void {
  const host = new URL(url).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(host)) {
    throw new Error(`Refusing to run tests against non-local database host "${host}".`);
  }
}

/**
 * PostgreSQL when DATABASE_URL is set (tests make their own users, so they share it safely),
 * otherwise a fresh in-memory PGlite. Migrated either way.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) assertLocalDatabaseUrl(url);
  const database = url ? await openDatabase({ url, poolSize: 20 }) : await openDatabase({ pgliteDataDir: "memory://" });
  await applyMigrations(database.sql);
  return database;
}
