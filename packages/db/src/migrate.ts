import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlQuery, SqlRunner } from "./client.ts";
import { dbEnv } from "./env.ts";

// Prisma's own bookkeeping table, so `prisma migrate deploy` sees these migrations as applied.
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// The key Prisma Migrate takes, so our runner and Prisma's never run at once.
const MIGRATE_ADVISORY_LOCK = 72707369;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(migrationsDir = dbEnv().migrationsDir): MigrationFile[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * The migrations of this build that the database has not applied (none: its schema is the one
 * this code expects; migrations newer than this build are another instance's business).
 * Throws when the database does not answer or was never migrated.
 */
export async function pendingMigrations(sql: SqlQuery, migrations = listMigrations()): Promise<string[]> {
  const rows = await sql.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(rows.map((row) => row.migration_name));
  return migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
}

/** Applies pending migrations in order, each in its own transaction. Returns the names applied. */
export async function applyMigrations(runner: SqlRunner, migrations = listMigrations()): Promise<string[]> {
  return runner.withConnection((sql) => applyWithLock(sql, migrations));
}

async function applyWithLock(sql: SqlRunner, migrations: MigrationFile[]): Promise<string[]> {
  await sql.exec(`SELECT pg_advisory_lock(${MIGRATE_ADVISORY_LOCK})`);
  try {
    await sql.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await sql.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const done: string[] = [];
    for (const migration of migrations) {
      const checksum = applied.get(migration.name);
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum mismatch).`);
        }
        continue;
      }
      const id = randomUUID();
      await sql
        .exec(
          `BEGIN;\n${migration.sql}\n;INSERT INTO "_prisma_migrations" ("id","checksum","finished_at","migration_name","applied_steps_count") ` +
            `VALUES ('${id}','${migration.checksum}',now(),'${migration.name.replaceAll("'", "''")}',1);\nCOMMIT;`,
        )
        .catch(async (error: unknown) => {
          await sql.exec("ROLLBACK").catch(() => undefined);
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
        });
      done.push(migration.name);
    }
    return done;
  } finally {
    await sql.exec(`SELECT pg_advisory_unlock(${MIGRATE_ADVISORY_LOCK})`);
  }
}
