// npx tsx scripts/dev/sql-functions.ts write
//   migrates an in-memory database (PGlite) and writes prisma/functions/<name>.sql for every SQL
//   function it has, as pg_get_functiondef prints it (and deletes the files of functions gone).
// npx tsx scripts/dev/sql-functions.ts migration <name> <function>...
//   writes prisma/migrations/<stamp>_<name>/migration.sql carrying those functions' files.
//
// Changing a function: edit its file, write a migration carrying it, then `write` (the file takes
// the form PostgreSQL prints; functions.db.test.ts fails until it has).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "@prizepacks/db/client";
import { dbEnv } from "@prizepacks/db/env";
import { functionDefinitions, functionsDir, functionsMigrationSql, listFunctionFiles } from "@prizepacks/db/functions";
import { applyMigrations } from "@prizepacks/db/migrate";

const [command, ...args] = process.argv.slice(2);

if (command === "write") {
  const database = await openDatabase({ pgliteDataDir: "memory://" });
  try {
    await applyMigrations(database.sql);
    const definitions = await functionDefinitions(database.sql);
    const dir = functionsDir();
    mkdirSync(dir, { recursive: true });
    const names = new Set(definitions.map((definition) => definition.name));
    if (names.size !== definitions.length) throw new Error("an overloaded function: one file per name cannot hold it");
    for (const file of listFunctionFiles(dir)) if (!names.has(file.name)) rmSync(path.join(dir, `${file.name}.sql`));
    for (const definition of definitions) writeFileSync(path.join(dir, `${definition.name}.sql`), definition.sql);
    console.log(`${definitions.length} functions in ${path.relative(process.cwd(), dir)}`);
  } finally {
    await database.close();
  }
} else if (command === "migration" && args.length >= 2) {
  const [name, ...functions] = args as [string, ...string[]];
  const files = listFunctionFiles();
  const missing = functions.filter((fn) => !files.some((file) => file.name === fn));
  if (missing.length > 0) throw new Error(`no prisma/functions file for ${missing.join(", ")}`);
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const out = path.join(dbEnv().migrationsDir, `${stamp}_${name}`);
  mkdirSync(out);
  writeFileSync(path.join(out, "migration.sql"), functionsMigrationSql(files.filter((file) => functions.includes(file.name))));
  console.log(`wrote ${path.relative(process.cwd(), out)}/migration.sql`);
} else {
  console.error("usage: sql-functions.ts write | migration <name> <function>...");
  process.exit(1);
}
