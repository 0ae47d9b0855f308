import { verifyBeaconRound } from "@prizepacks/fairness";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { roundAt } from "../battles/beacon/beacon-clock.ts";
import { startDrandStandin, type DrandStandin } from "./drand-standin.ts";

let relay: DrandStandin;
beforeEach(async () => void (relay = await startDrandStandin()));
afterEach(() => relay.close());

const get = async (path: string) => {
  const response = await fetch(`${relay.url}${path}`);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
};

describe("drand stand-in: drand's V1 wire format", () => {
  it("serves /chains, /{hash}/info, /{hash}/public/latest and /{hash}/public/{round}", async () => {
    const hash = relay.chain.chainHash;
    expect(JSON.parse((await get("/chains")).text)).toEqual([hash]);
    expect(JSON.parse((await get(`/${hash}/info`)).text)).toMatchObject({
      public_key: relay.chain.publicKey,
      period: 3,
      genesis_time: relay.chain.genesisTime,
      hash,
      schemeID: "bls-unchained-g1-rfc9380",
    });
    const current = roundAt(relay.chain, Date.now());
    const latest = JSON.parse((await get(`/${hash}/public/latest`)).text) as { round: number; randomness: string; signature: string };
    expect(Object.keys(latest).sort()).toEqual(["randomness", "round", "signature"]);
    expect(latest.round).toBeGreaterThanOrEqual(current);
    expect(await verifyBeaconRound(relay.chain, latest)).toBe(true);
    const old = JSON.parse((await get(`/${hash}/public/7`)).text) as typeof latest;
    expect(old.round).toBe(7);
    expect(await verifyBeaconRound(relay.chain, old)).toBe(true);
  });

  it("answers a future round 425, anything else 404, in plain text as drand does", async () => {
    const hash = relay.chain.chainHash;
    expect(await get(`/${hash}/public/${roundAt(relay.chain, Date.now()) + 100}`)).toMatchObject({
      status: 425,
      type: "text/plain; charset=utf-8",
      text: "Requested future beacon\n",
    });
    for (const path of [`/${"ab".repeat(32)}/info`, "/info", `/${hash}/public`, "/"])
      expect(await get(path), path).toMatchObject({ status: 404, text: "404 page not found\n" });
    expect((await get(`/${hash}/public/seven`)).status).toBe(400);
  });

  it("forges a round on request: another round's signature with its matching randomness", async () => {
    relay.forge(7);
    const forged = JSON.parse((await get(`/${relay.chain.chainHash}/public/7`)).text) as {
      round: number;
      randomness: string;
      signature: string;
    };
    expect(forged.round).toBe(7);
    expect(await verifyBeaconRound(relay.chain, forged)).toBe(false);
    expect(await verifyBeaconRound(relay.chain, { ...forged, round: 8 })).toBe(true);
  });
});
