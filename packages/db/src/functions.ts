import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlQuery } from "./client.ts";
import { dbEnv } from "./env.ts";

/**
 * prisma/functions/<name>.sql holds the current definition of each SQL function of the schema,
 * exactly as pg_get_functiondef prints it once every migration has run (functions.db.test.ts
 * holds the two equal). The migration that changes a function carries that file's text, so the
 * file is what a migrated database runs, and older migrations stay as they were applied.
 */
export interface FunctionFile {
  name: string;
  sql: string;
}

export const functionsDir = () => path.join(dbEnv().repoRoot, "prisma", "functions");

export function listFunctionFiles(dir = functionsDir()): FunctionFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => ({ name: file.slice(0, -".sql".length), sql: readFileSync(path.join(dir, file), "utf8") }));
}

/** Every function of the public schema (none an extension's) with pg_get_functiondef's text, by name. */
export async function functionDefinitions(sql: SqlQuery): Promise<FunctionFile[]> {
  return sql.query<{ name: string; sql: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS sql
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname, p.oid`,
  );
}

/** The text a migration carries to (re)create these functions: each file as it is, then its semicolon. */
export function functionsMigrationSql(files: FunctionFile[]): string {
  return files.map((file) => `-- prisma/functions/${file.name}.sql\n${file.sql};\n`).join("\n");
}
