import { createHash, randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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
  await whenFree(() => onServer(url, `DROP DATABASE IF EXISTS "${name}"`));
}

/** Runs a statement that needs a database nobody is connected to, retrying while a closing connection lingers. */
async function whenFree(statement: () => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      const objectInUse = (error as { code?: string }).code === "55006";
      if (!objectInUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Names a set of migrations: a template built from other migrations is never used. */
function migrationsKey(migrations: MigrationFile[]): string {
  const hash = createHash("sha256");
  for (const migration of migrations) hash.update(`${migration.name}:${migration.checksum}\n`);
  return hash.digest("hex").slice(0, 12);
}

// Not the migration runner's key: a template build on this server waits only for another one.
const TEMPLATE_ADVISORY_LOCK = 72707370;
const postgresTemplates = new Map<string, Promise<string>>();
const pgliteTemplates = new Map<string, Promise<string>>();

/**
 * The PostgreSQL database that test databases are copied from: DATABASE_URL's name, `_tpl_` and
 * the migrations' key, migrated once (a copy is a file copy on the server, where 31 migrations take
 * half a second and more under load). Built under an advisory lock, so that parallel test files
 * and runs wait for one build, and renamed into place only when complete; half-built ones of killed runs go then
 * (`.ci/run` drops its own templates when it ends).
 */
function postgresTemplate(url: string, migrations: MigrationFile[]): Promise<string> {
  const key = migrationsKey(migrations);
  let template = postgresTemplates.get(key);
  if (!template) {
    template = buildPostgresTemplate(url, key, migrations);
    postgresTemplates.set(key, template);
    template.catch(() => postgresTemplates.delete(key));
  }
  return template;
}

async function buildPostgresTemplate(url: string, key: string, migrations: MigrationFile[]): Promise<string> {
  const prefix = `${new URL(url).pathname.slice(1) || "prizepacks"}_tpl_`;
  const name = `${prefix}${key}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(${TEMPLATE_ADVISORY_LOCK})`);
    const found = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (found.rowCount) return name;
    const building = `${prefix}building_${randomUUID().slice(0, 8)}`;
    await client.query(`CREATE DATABASE "${building}"`);
    const buildUrl = new URL(url);
    buildUrl.pathname = `/${building}`;
    const database = await openDatabase({ url: buildUrl.toString(), poolSize: 1 });
    try {
      await applyMigrations(database.sql, migrations);
    } finally {
      await database.close();
    }
    await whenFree(async () => {
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    });
    // Only builds a killed run left (a build holds the lock): a template of other migrations may be
    // another checkout's on the same server, still copied from by its running tests.
    const stale = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2`,
      [`${prefix}building_`, building],
    );
    for (const { datname } of stale.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    return name;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${TEMPLATE_ADVISORY_LOCK})`).catch(() => undefined);
    await client.end();
  }
}

/**
 * The embedded equivalent: a PGlite data folder in the system's temporary folder, migrated once
 * and copied for each test database (opening a copy takes a second; migrating, several). Built
 * beside its final name and renamed into place, so a reader never sees half of one; two builders
 * at once (test files started together) both finish and the second one's is thrown away.
 */
function pgliteTemplate(migrations: MigrationFile[]): Promise<string> {
  const key = migrationsKey(migrations);
  let template = pgliteTemplates.get(key);
  if (!template) {
    template = buildPgliteTemplate(key, migrations);
    pgliteTemplates.set(key, template);
    template.catch(() => pgliteTemplates.delete(key));
  }
  return template;
}

const PGLITE_TEMPLATE_PREFIX = "prizepacks-pglite-template-";

async function buildPgliteTemplate(key: string, migrations: MigrationFile[]): Promise<string> {
  const dir = path.join(tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${key}`);
  if (existsDir(dir)) return dir;
  const building = mkdtempSync(path.join(tmpdir(), "prizepacks-pglite-building-"));
  try {
    const database = await openDatabase({ pgliteDataDir: building });
    try {
      await applyMigrations(database.sql, migrations);
    } finally {
      await database.close();
    }
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsDir(dir)) throw error;
  }
  // Templates of other migrations built over a day ago (another checkout may still use a recent one).
  for (const entry of readdirSync(tmpdir())) {
    const other = path.join(tmpdir(), entry);
    if (entry.startsWith(PGLITE_TEMPLATE_PREFIX) && other !== dir && Date.now() - statSync(other).mtimeMs > 86_400_000) {
      rmSync(other, { recursive: true, force: true });
    }
  }
  return dir;
}

function existsDir(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Builds the template that `openTestDatabase` copies (PostgreSQL's when DATABASE_URL is set, else
 * PGlite's), for a test run's global setup: its files then start from a ready one at once.
 */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    assertLocalDatabaseUrl(url);
    await postgresTemplate(url, listMigrations());
  } else {
    await pgliteTemplate(listMigrations());
  }
}

/**
 * A migrated database of the test file's own: on the PostgreSQL server of DATABASE_URL when
 * it is set (a fresh database next to it, dropped on close), otherwise a PGlite in a data folder
 * of its own (removed on close). Both are copies of a template migrated once (see
 * `postgresTemplate`). Keeping domain tests out of DATABASE_URL itself leaves that database to
 * the end-to-end run, whose start-up seeds the demo catalog only into a database without packs.
 * `migrations`: those to apply, all by default (a migration's test applies the ones before it,
 * to an empty database).
 */
export async function openTestDatabase(migrations: MigrationFile[] = listMigrations()): Promise<Database> {
  const all = migrationsKey(migrations) === migrationsKey(listMigrations());
  if (!process.env.DATABASE_URL) {
    if (!all) {
      const database = await openDatabase({ pgliteDataDir: "memory://" });
      await applyMigrations(database.sql, migrations);
      return database;
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-test-db-"));
    cpSync(await pgliteTemplate(migrations), dataDir, { recursive: true });
    const database = await openDatabase({ pgliteDataDir: dataDir });
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const created = await createTestDatabase(all ? await postgresTemplate(process.env.DATABASE_URL, migrations) : undefined);
  const database = await openDatabase({ url: created.url, poolSize: 20 });
  if (!all) await applyMigrations(database.sql, migrations);
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
 * or breaks it (refuses connections, kills them) without touching anyone else's; a copy of
 * `template` when given.
 */
export async function createTestDatabase(template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("createTestDatabase needs DATABASE_URL (a PostgreSQL server).");
  assertLocalDatabaseUrl(url);
  const testUrl = new URL(url);
  const name = `${testUrl.pathname.slice(1) || "prizepacks"}_t_${randomUUID().slice(0, 8)}`;
  await whenFree(() => onServer(url, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  testUrl.pathname = `/${name}`;
  return { url: testUrl.toString(), name, drop: () => dropDatabaseWhenFree(url, name) };
}

// The drand relay stand-in, here too because battle tests reach for it beside their database.
export { startDrandStandin } from "./drand-standin.ts";
export type { DrandStandin, DrandStandinOptions } from "./drand-standin.ts";
