// Start-up step: migrations, demo catalog, demo account. Prints the demo API key.
import { apiEnv } from "@prizepacks/api/env";
import { authEnv } from "@prizepacks/auth";
import { dbEnv, openDatabase } from "@prizepacks/db";
import { prepareService } from "@prizepacks/core/admin";

// Every package's environment, checked before anything starts: a bad value stops here.
try {
  dbEnv();
  apiEnv();
  authEnv();
} catch (error) {
  console.error(`[prizepacks] ${(error as Error).message}`);
  process.exit(1);
}

const database = await openDatabase();
try {
  const prepared = await prepareService(database);
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite (.data/pglite)";
  console.log(`[prizepacks] database: ${where}`);
  if (prepared.migrationsApplied.length) console.log(`[prizepacks] migrations applied: ${prepared.migrationsApplied.join(", ")}`);
  if (prepared.packsSeeded) console.log(`[prizepacks] demo catalog seeded: ${prepared.packsSeeded} packs`);
  console.log(`[prizepacks] demo account: ${prepared.demo.email}`);
  console.log(`[prizepacks] demo API key: ${prepared.demo.apiKey}`);
} finally {
  await database.close();
}
