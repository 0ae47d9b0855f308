import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { localBeaconChainHash, verifyBeaconRound } from "@prizepacks/fairness";
import { dataFolder } from "@prizepacks/db/env";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_BEACON_PERIOD_SECONDS, LocalBeacon } from "./local-beacon.ts";

let dataDir: string;
beforeEach(() => void (dataDir = mkdtempSync(path.join(tmpdir(), "local-beacon-"))));
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const GENESIS_MS = 1_800_000_000_000;

describe("LocalBeacon", () => {
  it("makes its key on first use, readable by its owner only, and keeps it across instances", async () => {
    const first = await LocalBeacon.open({ dataDir, now: () => GENESIS_MS });
    const file = path.join(dataDir, dataFolder.localBeaconKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = await LocalBeacon.open({ dataDir, now: () => GENESIS_MS + 60_000 });
    expect(again.chain).toEqual(first.chain);
    expect(first.chain).toMatchObject({
      period: LOCAL_BEACON_PERIOD_SECONDS,
      genesisTime: GENESIS_MS / 1000,
      schemeID: "bls-unchained-g1-rfc9380",
    });
    expect(first.chain.chainHash).toBe(await localBeaconChainHash(first.chain));
    expect(readFileSync(file, "utf8")).not.toContain(first.chain.publicKey);
    const otherDir = mkdtempSync(path.join(tmpdir(), "local-beacon-"));
    const other = await LocalBeacon.open({ dataDir: otherDir });
    rmSync(otherDir, { recursive: true });
    expect(other.chain.publicKey).not.toBe(first.chain.publicKey);
  });

  it("signs each round once its time has come, the same signature from every instance, verified as drand's are", async () => {
    let nowMs = GENESIS_MS;
    const beacon = await LocalBeacon.open({ dataDir, now: () => nowMs });
    expect(beacon.roundAt(nowMs)).toBe(1);
    const round1 = await beacon.fetchRound(1);
    expect(round1).not.toBeNull();
    expect(await verifyBeaconRound(beacon.chain, round1!)).toBe(true);
    expect(await beacon.fetchRound(2)).toBeNull();

    nowMs += LOCAL_BEACON_PERIOD_SECONDS * 1000;
    expect(beacon.roundAt(nowMs)).toBe(2);
    const round2 = await beacon.fetchRound(2);
    expect(await verifyBeaconRound(beacon.chain, round2!)).toBe(true);
    expect(round2!.randomness).not.toBe(round1!.randomness);
    const reopened = await LocalBeacon.open({ dataDir, now: () => nowMs });
    expect(await reopened.fetchRound(2)).toEqual(round2);
    expect(await beacon.fetchRound(3)).toBeNull();
    await expect(beacon.fetchRound(0)).rejects.toThrow(RangeError);
  });

  it("refuses a damaged key file instead of starting another chain", async () => {
    writeFileSync(path.join(dataDir, dataFolder.localBeaconKey), "{ not json");
    await expect(LocalBeacon.open({ dataDir })).rejects.toThrow(/damaged/);
    expect(readFileSync(path.join(dataDir, dataFolder.localBeaconKey), "utf8")).toBe("{ not json");
  });
});
