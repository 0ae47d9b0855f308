import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawTicketSync, sha256HexSync } from "./draw-node.ts";
import { drawTicket, generateServerSeed, sha256Hex, ticketFromHash } from "./index.ts";

// Vectors computed independently with node:crypto's HMAC, not with the code under test.
const SEED = "a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";
const vectors = [
  {
    serverSeed: SEED,
    clientSeed: "my-client-seed",
    nonce: 0,
    hash: "bd6352bcb9d753b99c33c75c9829573302cea2f7f9f96a7a9bfef3ec57289710",
    result: 73980,
  },
  {
    serverSeed: SEED,
    clientSeed: "my-client-seed",
    nonce: 1,
    hash: "7b8e79f5eb7560406b073739522da8da6f3dcfcc3338094b983ed2716ca340f3",
    result: 48265,
  },
  {
    serverSeed: SEED,
    clientSeed: "my-client-seed",
    nonce: 42,
    hash: "49d0d5ea1127dec2a0ff44210749adf58555a9b22c3cb6ee4e5c8646b2d18371",
    result: 28835,
  },
  {
    serverSeed: "server",
    clientSeed: "client",
    nonce: 7,
    hash: "171447286fd2e39c612481fcd000c294235454673c6b0ac5a97051dd51db50a7",
    result: 9016,
  },
];

describe("drawTicket", () => {
  it.each(vectors)("matches the published vector for nonce $nonce", async (vector) => {
    await expect(drawTicket(vector)).resolves.toEqual({ hash: vector.hash, result: vector.result });
  });

  it.each(vectors)("matches the published vector for nonce $nonce on the server too (drawTicketSync)", (vector) => {
    expect(drawTicketSync(vector)).toEqual({ hash: vector.hash, result: vector.result });
  });

  it("is the same function in the browser (Web Crypto) and on the server (node:crypto)", async () => {
    for (let nonce = 0; nonce < 200; nonce++) {
      const input = { serverSeed: generateServerSeed(), clientSeed: `seed-${nonce}`, nonce };
      expect(drawTicketSync(input)).toEqual(await drawTicket(input));
    }
    expect(sha256HexSync("x")).toBe(await sha256Hex("x"));
  });

  it("agrees with node:crypto on random seeds", async () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const serverSeed = generateServerSeed();
      const expected = createHmac("sha256", serverSeed).update(`client-${nonce}:${nonce}`).digest("hex");
      const draw = await drawTicket({ serverSeed, clientSeed: `client-${nonce}`, nonce });
      expect(draw.hash).toBe(expected);
      expect(draw.result).toBeGreaterThanOrEqual(1);
      expect(draw.result).toBeLessThanOrEqual(100_000);
    }
  });

  it("rejects negative or fractional nonces", async () => {
    expect(() => drawTicketSync({ serverSeed: "s", clientSeed: "c", nonce: -1 })).toThrow(/nonce/);
    await expect(drawTicket({ serverSeed: "s", clientSeed: "c", nonce: -1 })).rejects.toThrow(/nonce/);
    await expect(drawTicket({ serverSeed: "s", clientSeed: "c", nonce: 1.5 })).rejects.toThrow(/nonce/);
  });
});

describe("ticketFromHash", () => {
  it("maps the extremes of the 52-bit prefix to 1 and 100000", () => {
    expect(ticketFromHash("0".repeat(64))).toBe(1);
    expect(ticketFromHash("f".repeat(64))).toBe(100_000);
    expect(ticketFromHash("8000000000000" + "0".repeat(51))).toBe(50_001);
  });
});

describe("sha256Hex / generateServerSeed", () => {
  it("hashes like node:crypto and makes 64-hex seeds", async () => {
    const seed = generateServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex(seed)).toBe(createHash("sha256").update(seed).digest("hex"));
    expect(generateServerSeed()).not.toBe(seed);
  });
});
