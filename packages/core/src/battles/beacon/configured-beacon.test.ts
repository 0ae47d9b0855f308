import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

let dataDir: string;
beforeEach(() => void (dataDir = mkdtempSync(path.join(tmpdir(), "configured-beacon-"))));
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

async function freshBeacon(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const { configuredBeacon } = await import("./configured-beacon.ts");
  return configuredBeacon(undefined, { dataDir });
}

const QUICKNET_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";
const unset = {
  BATTLE_BEACON: "",
  DRAND_URLS: "",
  DRAND_CHAIN_HASH: "",
  DRAND_PUBLIC_KEY: "",
  DRAND_PERIOD_SECONDS: "",
  DRAND_GENESIS_TIME: "",
};

describe("configuredBeacon (BATTLE_BEACON)", () => {
  it("is the local beacon in demo mode and drand quicknet otherwise", async () => {
    expect((await freshBeacon({ ...unset, DEMO_MODE: "true" })).kind).toBe("local");
    const drand = await freshBeacon({ ...unset, DEMO_MODE: "false" });
    expect(drand.kind).toBe("drand");
    expect(drand.chain).toMatchObject({ chainHash: QUICKNET_HASH, period: 3, genesisTime: 1692803367 });
    expect(drand.roundAt(1692803367_000)).toBe(1);
    expect(drand.roundAt(1692803367_000 + 657412 * 3000)).toBe(657413);
  });

  it("takes drand in demo mode when asked, and refuses the local beacon outside demo mode", async () => {
    expect((await freshBeacon({ ...unset, DEMO_MODE: "true", BATTLE_BEACON: "drand" })).kind).toBe("drand");
    await expect(freshBeacon({ ...unset, DEMO_MODE: "false", BATTLE_BEACON: "local" })).rejects.toThrow(/demo mode only/);
    await expect(freshBeacon({ ...unset, BATTLE_BEACON: "random" })).rejects.toThrow(/BATTLE_BEACON must be "drand" or "local"/);
  });

  it("reads relays over HTTPS, plain HTTP only on loopback", async () => {
    const ok = { ...unset, DEMO_MODE: "false", DRAND_URLS: "https://relay.example/, http://127.0.0.1:9000" };
    expect((await freshBeacon(ok)).kind).toBe("drand");
    await expect(freshBeacon({ ...unset, DEMO_MODE: "false", DRAND_URLS: "http://relay.example" })).rejects.toThrow(
      /DRAND_URLS must be https/,
    );
  });

  it("needs a whole chain for anything but quicknet", async () => {
    const other = { ...unset, DEMO_MODE: "false", DRAND_CHAIN_HASH: "ab".repeat(32) };
    await expect(freshBeacon(other)).rejects.toThrow(/needs DRAND_PUBLIC_KEY, DRAND_PERIOD_SECONDS and DRAND_GENESIS_TIME/);
    const chain = { DRAND_PUBLIC_KEY: "cd".repeat(96), DRAND_PERIOD_SECONDS: "30", DRAND_GENESIS_TIME: "1595431050" };
    expect((await freshBeacon({ ...other, ...chain })).chain).toMatchObject({
      chainHash: "ab".repeat(32),
      period: 30,
      genesisTime: 1595431050,
    });
    await expect(freshBeacon({ ...unset, DEMO_MODE: "false", DRAND_PUBLIC_KEY: "cd".repeat(96) })).rejects.toThrow(
      /differ from quicknet's/,
    );
  });
});
