import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nodeHashes } from "./draw-node.ts";
import { rollUpgrade, ticketFromHash, UPGRADE_TEST_VECTOR, upgradeChanceTickets, verifyUpgrade } from "./index.ts";

describe("upgrade/v1", () => {
  it("matches the published test vector, in the browser's hashes and the server's", async () => {
    const vector = UPGRADE_TEST_VECTOR;
    // Computed independently: node:crypto's HMAC and the opening's published ticket mapping.
    const hash = createHmac("sha256", vector.serverSeed).update(`${vector.clientSeed}:${vector.nonce}:upgrade`).digest("hex");
    expect(hash).toBe("1e3c6702eb34f4e93d9a51b413ce6581197059cbc4906cc6268446d2d68e842b");
    expect(Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100_000) + 1).toBe(11_811);
    expect(vector).toMatchObject({ hash, ticket: 11_811, chanceTickets: 23_000, won: true });
    expect(upgradeChanceTickets(vector)).toBe(23_000);
    await expect(rollUpgrade(vector)).resolves.toEqual({ hash, ticket: 11_811 });
    await expect(rollUpgrade(vector, nodeHashes)).resolves.toEqual({ hash, ticket: 11_811 });
    await expect(verifyUpgrade(vector)).resolves.toEqual([]);
  });

  it("is not the opening's draw at the same nonce (its own message suffix)", async () => {
    const opening = createHmac("sha256", UPGRADE_TEST_VECTOR.serverSeed).update("my-client-seed:1").digest("hex");
    expect((await rollUpgrade(UPGRADE_TEST_VECTOR)).hash).not.toBe(opening);
  });

  it("finds what a claim gets wrong", async () => {
    const vector = UPGRADE_TEST_VECTOR;
    expect(await verifyUpgrade({ ...vector, won: false })).toEqual([expect.stringMatching(/won is false/)]);
    expect(await verifyUpgrade({ ...vector, chanceTickets: 23_001 })).toEqual([expect.stringMatching(/formula gives 23000/)]);
    expect(await verifyUpgrade({ ...vector, nonce: 3 })).toEqual(
      expect.arrayContaining([expect.stringMatching(/hash/), expect.stringMatching(/won is true/)]),
    );
    expect(ticketFromHash(vector.hash)).toBe(vector.ticket);
  });
});

describe("upgradeChanceTickets", () => {
  const defaults = { edgeBps: 800, capTickets: 75_000 };

  it("is exact integer arithmetic, floored", () => {
    // 100000 × 9200 × 1 / (10000 × 3) = 30666.67 → 30666
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 1, targetCents: 3 })).toBe(30_666);
    // Past 2^53 in the product: BigInt keeps it exact (a float would round).
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 99_999_999_999_999n, targetCents: 100_000_000_000_000n })).toBe(75_000);
    expect(
      upgradeChanceTickets({ ...defaults, capTickets: 100_000, stakeCents: 99_999_999_999_999n, targetCents: 100_000_000_000_000n }),
    ).toBe(91_999);
  });

  it("stops at the cap", () => {
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 9_000, targetCents: 10_000 })).toBe(75_000);
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 8_152, targetCents: 10_000 })).toBe(74_998);
    expect(upgradeChanceTickets({ ...defaults, capTickets: 90_000, stakeCents: 9_000, targetCents: 10_000 })).toBe(82_800);
  });

  it("takes the edge off the fair chance", () => {
    expect(upgradeChanceTickets({ ...defaults, edgeBps: 0, stakeCents: 1_000, targetCents: 10_000 })).toBe(10_000);
    expect(upgradeChanceTickets({ ...defaults, edgeBps: 200, stakeCents: 1_000, targetCents: 10_000 })).toBe(9_800);
    expect(upgradeChanceTickets({ ...defaults, edgeBps: 2_000, stakeCents: 1_000, targetCents: 10_000 })).toBe(8_000);
  });

  it("reaches 1 % (1000 tickets) exactly at the bound the server enforces", () => {
    // 1000 tickets: stake × 92000 / target ≥ 1000 ⟺ target ≤ 92 × stake.
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 100, targetCents: 9_200 })).toBe(1_000);
    expect(upgradeChanceTickets({ ...defaults, stakeCents: 100, targetCents: 9_201 })).toBe(999);
  });

  it("refuses what is not an amount or a setting", () => {
    expect(() => upgradeChanceTickets({ ...defaults, stakeCents: 0, targetCents: 1 })).toThrow(/positive/);
    expect(() => upgradeChanceTickets({ ...defaults, edgeBps: 10_000, stakeCents: 1, targetCents: 1 })).toThrow(/edgeBps/);
    expect(() => upgradeChanceTickets({ ...defaults, capTickets: 0, stakeCents: 1, targetCents: 1 })).toThrow(/capTickets/);
  });
});
