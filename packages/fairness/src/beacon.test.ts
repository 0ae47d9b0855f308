import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BEACON_SCHEME_ID, beaconPublicKey, generateBeaconSecretKey, signBeaconRound, verifyBeaconRound } from "./index.ts";

// drand quicknet (chain 52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971, period 3 s,
// genesis 1692803367), round 657413 as its relays publish it.
const quicknet = {
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  schemeID: BEACON_SCHEME_ID,
} as const;
const round657413 = {
  round: 657413,
  signature: "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
  randomness: "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587",
};

const flipBit = (hex: string, index: number) => {
  const bytes = Buffer.from(hex, "hex");
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString("hex");
};

describe("verifyBeaconRound", () => {
  it("verifies a real quicknet round", async () => {
    expect(await verifyBeaconRound(quicknet, round657413)).toBe(true);
  });

  it("refuses a signature with one bit changed", async () => {
    for (const index of [0, 20, 47]) {
      const signature = flipBit(round657413.signature, index);
      const randomness = createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
      expect(await verifyBeaconRound(quicknet, { ...round657413, signature, randomness })).toBe(false);
    }
  });

  it("refuses the signature for another round", async () => {
    expect(await verifyBeaconRound(quicknet, { ...round657413, round: 657414 })).toBe(false);
  });

  it("refuses a randomness that is not the signature's hash", async () => {
    expect(await verifyBeaconRound(quicknet, { ...round657413, randomness: flipBit(round657413.randomness, 31) })).toBe(false);
  });

  it("refuses the round under another chain's key", async () => {
    const otherKey = beaconPublicKey(generateBeaconSecretKey());
    expect(await verifyBeaconRound({ ...quicknet, publicKey: otherKey }, round657413)).toBe(false);
  });

  it("answers false, never throws, for malformed input", async () => {
    const malformed = [
      { ...round657413, signature: "zz" + round657413.signature.slice(2) },
      { ...round657413, signature: round657413.signature.slice(2) },
      { ...round657413, signature: round657413.signature.toUpperCase() },
      { ...round657413, signature: "" },
      { ...round657413, randomness: "not hex" },
      { ...round657413, round: 0 },
      { ...round657413, round: 1.5 },
      { ...round657413, round: Number.NaN },
      // 48 bytes that are no point of G1 (x beyond the field), with a matching randomness.
      (() => {
        const signature = "bf" + "ff".repeat(47);
        return { round: 657413, signature, randomness: createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex") };
      })(),
    ];
    for (const round of malformed) expect(await verifyBeaconRound(quicknet, round)).toBe(false);
    for (const publicKey of ["", "00".repeat(96), quicknet.publicKey.slice(0, 190) + "zz", "c0" + "00".repeat(95)])
      expect(await verifyBeaconRound({ ...quicknet, publicKey }, round657413)).toBe(false);
    expect(await verifyBeaconRound({ ...quicknet, schemeID: "pedersen-bls-chained" as typeof BEACON_SCHEME_ID }, round657413)).toBe(false);
  });
});

describe("signBeaconRound", () => {
  it("signs rounds that verify under its public key, the same signature each time", async () => {
    const secretKey = generateBeaconSecretKey();
    const chain = { publicKey: beaconPublicKey(secretKey), schemeID: BEACON_SCHEME_ID } as const;
    const signed = await signBeaconRound(secretKey, 42);
    expect(signed.signature).toMatch(/^[0-9a-f]{96}$/);
    expect(chain.publicKey).toMatch(/^[0-9a-f]{192}$/);
    expect(await signBeaconRound(secretKey, 42)).toEqual(signed);
    expect(await verifyBeaconRound(chain, signed)).toBe(true);
    expect(await verifyBeaconRound(chain, { ...signed, round: 43 })).toBe(false);
  });
});
