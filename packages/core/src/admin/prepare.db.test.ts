import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { authenticateApiKey } from "../keys/api-keys.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";

const services = useTestServices();
const database = () => services().database;
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
    await expectAppError(authenticateApiKey(services(), first.demo!.apiKey), "UNAUTHORIZED");
    expect((await authenticateApiKey(services(), second.demo!.apiKey)).userId).toBeDefined();
    expect(await db.apiKey.count({ where: { user: { email: "demo@prizepacks.local" }, revokedAt: null } })).toBe(1);
  });

  it("outside demo mode prints no key and revokes the demo keys an earlier demo start left", async () => {
    const db = database().prisma;
    const demo = await prepareAs("127.0.0.1", newDataDir());
    const production = await prepareAs("0.0.0.0", newDataDir());
    expect(production.demo).toBeNull();
    expect(production.demoKeysRevoked).toBe(1);
    await expectAppError(authenticateApiKey(services(), demo.demo!.apiKey), "UNAUTHORIZED");
    expect(await db.apiKey.count({ where: { user: { email: "demo@prizepacks.local" }, revokedAt: null } })).toBe(0);
  });
});

describe("prepareService: webhook endpoints only demo mode allowed", () => {
  it("outside demo mode disables them with the reason their owner sees; a demo start leaves them alone", async () => {
    const db = database().prisma;
    const { createTestUser } = await import("../testing/fixtures.ts");
    const user = await createTestUser(services());
    // As registered by a demo start with WEBHOOKS_ALLOW_PRIVATE_TARGETS (the check is the registration's own, tested apart).
    const endpoint = (url: string) =>
      db.webhookEndpoint.create({ data: { userId: user.userId, url, secret: "whsec_test", eventTypes: ["open.completed"] } });
    const plain = await endpoint("http://127.0.0.1:8080/hook");
    const literal = await endpoint("https://10.0.0.8/hook");
    const mapped = await endpoint("https://[::ffff:7f00:1]/hook");
    const named = await endpoint("https://hooks.example.com/hook"); // names are checked where they resolve, at each connection

    vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
    expect((await prepareAs("127.0.0.1", newDataDir())).webhookEndpointsDisabled).toBe(0);
    const production = await prepareAs("0.0.0.0", newDataDir());
    expect(production.webhookEndpointsDisabled).toBe(3);
    const after = await db.webhookEndpoint.findMany({ where: { userId: user.userId } });
    const byId = (id: string) => after.find((e) => e.id === id);
    expect(byId(plain.id)).toMatchObject({
      enabled: false,
      disabledReason: "Disabled by the server: its URL must start with https:// (webhooks are delivered over https:// only).",
    });
    for (const { id } of [literal, mapped])
      expect(byId(id)).toMatchObject({
        enabled: false,
        disabledReason: expect.stringMatching(/^Disabled by the server: its URL must point at a public address/),
      });
    expect(byId(named.id)).toMatchObject({ enabled: true, disabledReason: null });
    expect((await prepareAs("0.0.0.0", newDataDir())).webhookEndpointsDisabled).toBe(0);
  });
});
