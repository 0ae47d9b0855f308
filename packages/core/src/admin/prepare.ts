import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dbEnv, type Database } from "@prizepacks/db";
import { applyMigrations } from "@prizepacks/db/migrate";
import { seedDemoCatalog } from "../catalog/seed-demo-catalog.ts";
import { authenticateApiKey, createApiKey } from "../keys/api-keys.ts";
import { parseMoney } from "../money.ts";
import { createUser } from "../users/users.ts";

export const DEMO_EMAIL = "demo@prizepacks.local";
const DEMO_BALANCE = "1000.00";

export interface PreparedService {
  migrationsApplied: string[];
  packsSeeded: number;
  demo: { email: string; apiKey: string };
}

/**
 * Start-up: apply migrations, seed the demo catalog into an empty database, and make sure
 * the demo account has a key we can print. Keys are stored only as hashes, so the demo key
 * is kept in the git-ignored data folder; when that file is gone a fresh key is made.
 */
export async function prepareService(db: Database): Promise<PreparedService> {
  const migrationsApplied = await applyMigrations(db.sql);
  const { seeded } = await seedDemoCatalog(db.prisma);
  const keyFile = path.join(dbEnv().dataDir, "demo-api-key");
  let apiKey = readKeyFile(keyFile);
  const demoUser = await db.prisma.user.findUnique({ where: { email: DEMO_EMAIL } });
  if (!demoUser) {
    apiKey = (await createUser(db.prisma, { email: DEMO_EMAIL, name: "Demo player", balance: parseMoney(DEMO_BALANCE), apiKeyName: "demo" })).apiKey;
  } else if (!apiKey || !(await keyWorksFor(db, apiKey, demoUser.id))) {
    apiKey = (await createApiKey(db.prisma, { userId: demoUser.id, name: "demo" })).apiKey;
  }
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
  return { migrationsApplied, packsSeeded: seeded, demo: { email: DEMO_EMAIL, apiKey: apiKey! } };
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

async function keyWorksFor(db: Database, apiKey: string, userId: string): Promise<boolean> {
  try {
    return (await authenticateApiKey(db.prisma, apiKey)).userId === userId;
  } catch {
    return false;
  }
}
