// Start-up step: migrations, demo catalog, and in demo mode the demo account. Prints the demo API key.
import path from "node:path";
import { apiEnv } from "@prizepacks/api/env";
import { assertAuthEnvForMode, authEnv } from "@prizepacks/auth";
import { configuredBeaconKind, s3Settings, serviceEnv, verificationEnv } from "@prizepacks/core";
import { openDatabase } from "@prizepacks/db/client";
import { dbEnv, logEnv } from "@prizepacks/db/env";
import { prepareService } from "@prizepacks/core/admin";

// Every package's environment, checked before anything starts: a bad value stops here.
let demoModeExposed = false;
try {
  dbEnv();
  logEnv();
  apiEnv();
  authEnv();
  demoModeExposed = serviceEnv().demoModeExposed;
  assertAuthEnvForMode();
  configuredBeaconKind();
  s3Settings();
  verificationEnv();
} catch (error) {
  console.error(`[prizepacks] ${(error as Error).message}`);
  process.exit(1);
}

// Operator waits: a migration may take its time, and waits for another instance migrating.
const database = await openDatabase({ waits: "operator" });
try {
  const prepared = await prepareService(database);
  const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite (${path.join(dbEnv().dataDir, "pglite")})`;
  console.log(`[prizepacks] database: ${where}`);
  if (prepared.migrationsApplied.length) console.log(`[prizepacks] migrations applied: ${prepared.migrationsApplied.join(", ")}`);
  if (prepared.packsSeeded) console.log(`[prizepacks] demo catalog seeded: ${prepared.packsSeeded} packs`);
  if (prepared.demo) {
    if (demoModeExposed) warnDemoModeExposed();
    console.log(`[prizepacks] demo mode: dev outbox at /dev/outbox, demo deposits, the funded demo account below`);
    console.log(`[prizepacks] demo account: ${prepared.demo.email}`);
    console.log(`[prizepacks] demo API key: ${prepared.demo.apiKey}`);
  } else {
    console.log("[prizepacks] production mode: mail through SMTP_URL, no outbox, no demo deposits, no demo key");
    if (prepared.demoKeysRevoked)
      console.log(`[prizepacks] revoked ${prepared.demoKeysRevoked} key(s) of the demo account left by a demo start`);
  }
  if (prepared.webhookEndpointsDisabled) {
    console.log(
      `[prizepacks] disabled ${prepared.webhookEndpointsDisabled} webhook endpoint(s) whose URL is not allowed here (http:// or a private address); their owners see why`,
    );
  }
} finally {
  await database.close();
}

function warnDemoModeExposed(): void {
  const line = "!".repeat(78);
  console.warn(
    [
      line,
      `!! DEMO_MODE=true on ${serviceEnv().HOST}: anyone who can reach this server can read every`,
      "!! account's mail at /dev/outbox (and take the account over), add free money, and use the",
      "!! printed demo key. Never run it like this where real people or real money are involved.",
      line,
    ].join("\n"),
  );
}
