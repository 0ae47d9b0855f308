import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { authenticateApiKey } from "../keys/api-keys.ts";
import { expectAppError, useTestDatabase } from "../testing/vitest.ts";

const database = useTestDatabase();
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "prizepacks-prepare-"));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterEach(() => vi.unstubAllEnvs());

/** prepareService as a start with this HOST would run it (the service env is read once per module graph). */
async function prepareAs(host: string, dataDir: string) {
  vi.resetModules();
  vi.stubEnv("HOST", host);
  vi.stubEnv("DEMO_MODE", "");
  const { prepareService } = await import("./prepare.ts");
  return prepareService(database(), { dataDir });
}

describe("prepareService: the demo account's key", () => {
  it("in demo mode keeps one printed key: reused by the next start, or the old one revoked when another is minted", async () => {
    const db = database().prisma;
    const dirA = newDataDir();
    const first = await prepareAs("127.0.0.1", dirA);
    expect(first.demo?.apiKey).toMatch(/^pp_live_/);
    expect((await prepareAs("127.0.0.1", dirA)).demo?.apiKey).toBe(first.demo!.apiKey);

    // A start with another data folder cannot print the old key (only its hash is stored).
    const second = await prepareAs("127.0.0.1", newDataDir());
    expect(second.demo!.apiKey).not.toBe(first.demo!.apiKey);
    await expectAppError(authenticateApiKey(db, first.demo!.apiKey), "UNAUTHORIZED");
    expect((await authenticateApiKey(db, second.demo!.apiKey)).userId).toBeDefined();
    expect(await db.apiKey.count({ where: { user: { email: "demo@prizepacks.local" }, revokedAt: null } })).toBe(1);
  });

  it("outside demo mode prints no key and revokes the demo keys an earlier demo start left", async () => {
    const db = database().prisma;
    const demo = await prepareAs("127.0.0.1", newDataDir());
    const production = await prepareAs("0.0.0.0", newDataDir());
    expect(production.demo).toBeNull();
    expect(production.demoKeysRevoked).toBe(1);
    await expectAppError(authenticateApiKey(db, demo.demo!.apiKey), "UNAUTHORIZED");
    expect(await db.apiKey.count({ where: { user: { email: "demo@prizepacks.local" }, revokedAt: null } })).toBe(0);
  });
});
