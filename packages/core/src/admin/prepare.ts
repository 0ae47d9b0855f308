import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database } from "@prizepacks/db";
import { dataFolder, dbEnv } from "@prizepacks/db/env";
import { applyMigrations } from "@prizepacks/db/migrate";
import { seedDemoCatalog } from "../catalog/seed-demo-catalog.ts";
import { authenticateApiKey, createApiKey, hashApiKey } from "../keys/api-keys.ts";
import { parseMoney } from "../money.ts";
import { openServices, type Services } from "../server/services.ts";
import { isDemoMode } from "../service-env.ts";
import { createUser } from "../users/users.ts";
import { disableWebhookEndpointsOutsideRules } from "../webhooks/webhook-endpoints.ts";

export const DEMO_EMAIL = "demo@prizepacks.local";
const DEMO_BALANCE = "1000.00";

export interface PreparedService {
  migrationsApplied: string[];
  packsSeeded: number;
  /** Demo mode only: the funded demo account and its one printed key. */
  demo: { email: string; apiKey: string } | null;
  /** Outside demo mode: demo keys left by an earlier demo start, revoked now. */
  demoKeysRevoked: number;
  /**
   * Webhook endpoints whose URL the rules in force refuse (http:// or a private address, as
   * demo mode with WEBHOOKS_ALLOW_PRIVATE_TARGETS allows), disabled now with the reason shown
   * to their owners.
   */
  webhookEndpointsDisabled: number;
}

/**
 * Start-up: apply migrations, seed the demo catalog into an empty database, and in demo mode
 * make sure the demo account has exactly one key we can print. Keys are stored only as
 * hashes, so the demo key is kept in the git-ignored data folder; when that file is gone (or
 * its key no longer works) a fresh key is made and every other key of the account revoked.
 * Outside demo mode no demo account is made, and the keys of one left by a demo start stop
 * working: a printed key must never reach production. Likewise webhook endpoints that only
 * demo mode's development flag allowed are disabled wherever that flag is not in force.
 */
export async function prepareService(db: Database, { dataDir = dbEnv().dataDir }: { dataDir?: string } = {}): Promise<PreparedService> {
  const migrationsApplied = await applyMigrations(db.sql);
  const services = await openServices(db);
  const { seeded } = await seedDemoCatalog(services);
  const webhookEndpointsDisabled = await disableWebhookEndpointsOutsideRules(db.prisma);
  const demoUser = await db.prisma.user.findUnique({ where: { email: DEMO_EMAIL } });
  if (!isDemoMode()) {
    const { count } = demoUser
      ? await db.prisma.apiKey.updateMany({ where: { userId: demoUser.id, revokedAt: null }, data: { revokedAt: new Date() } })
      : { count: 0 };
    return { migrationsApplied, packsSeeded: seeded, demo: null, demoKeysRevoked: count, webhookEndpointsDisabled };
  }

  const keyFile = path.join(dataDir, dataFolder.demoApiKey);
  let apiKey = readKeyFile(keyFile);
  if (!demoUser) {
    apiKey = (await createUser(services, { email: DEMO_EMAIL, name: "Demo player", balance: parseMoney(DEMO_BALANCE), apiKeyName: "demo" }))
      .apiKey;
  } else if (!apiKey || !(await keyWorksFor(services, apiKey, demoUser.id))) {
    apiKey = (await createApiKey(services, { userId: demoUser.id, name: "demo" })).apiKey;
  }
  await db.prisma.apiKey.updateMany({
    where: { user: { email: DEMO_EMAIL }, revokedAt: null, hashedKey: { not: hashApiKey(apiKey) } },
    data: { revokedAt: new Date() },
  });
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
  return {
    migrationsApplied,
    packsSeeded: seeded,
    demo: { email: DEMO_EMAIL, apiKey: apiKey },
    demoKeysRevoked: 0,
    webhookEndpointsDisabled,
  };
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

async function keyWorksFor(services: Services, apiKey: string, userId: string): Promise<boolean> {
  try {
    return (await authenticateApiKey(services, apiKey)).userId === userId;
  } catch {
    return false;
  }
}
