import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UPGRADE_TEST_VECTOR } from "@prizepacks/fairness";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { simulateUpgrades } from "./simulate-upgrades.ts";

// The settings are the defaults here (8 % edge, 75 % cap): this file's database is its own.
const services = useTestServices();

describe("simulateUpgrades", () => {
  // 100,000 upgrades at a chance p win p ± 0.5 percentage points: the bound is 3.2 standard
  // deviations at p = 50 % (the widest), 3.6 at 25 % or 75 %, more below, so a correct roll
  // fails a run of five random chances less than once in 400; fast-check prints the seed that
  // replays a failure.
  it("wins at the published chance: 100,000 simulated upgrades within 0.5 points of it, at any chance and stake", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1_000, max: 75_000 }), fc.integer({ min: 100, max: 1_000_000 }), async (tickets, stakeCents) => {
        const chance = `${Math.floor(tickets / 1000)}.${String(tickets % 1000).padStart(3, "0")}`;
        const stakeValue = `${Math.floor(stakeCents / 100)}.${String(stakeCents % 100).padStart(2, "0")}`;
        const result = await simulateUpgrades(services(), { stakeValue, chance });
        expect(result.draws).toBe(100_000);
        // The target nearest the chance at this stake publishes that chance, or one a few tickets off.
        expect(Math.abs(result.chanceTickets - tickets)).toBeLessThanOrEqual(Math.ceil((tickets * tickets) / (92_000 * stakeCents)) + 1);
        const winRate = (result.simulated.wins / result.draws) * 100;
        expect(Math.abs(winRate - result.chanceTickets / 1000)).toBeLessThanOrEqual(0.5);
        expect(result.path.at(-1)).toEqual({ draws: 100_000, winRatePercent: Number(winRate.toFixed(3)) });
      }),
      { numRuns: 5 },
    );
  }, 120_000);

  it("rolls upgrade/v1 itself: the wins are those an independent HMAC-SHA256 over the README's mapping finds", async () => {
    const { serverSeed, clientSeed } = UPGRADE_TEST_VECTOR;
    const result = await simulateUpgrades(
      services(),
      { stakeValue: "25.00", targetValue: "100.00", draws: 2_000 },
      { seeds: { serverSeed, clientSeed } },
    );
    let wins = 0;
    for (let nonce = 0; nonce < 2_000; nonce++) {
      const hash = createHmac("sha256", serverSeed).update(`${clientSeed}:${nonce}:upgrade`).digest("hex");
      if (Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100_000) + 1 <= 23_000) wins++;
    }
    // The published vector: 25.00 for 100.00 at the default edge and cap is 23000 tickets.
    expect(result).toMatchObject({
      serverSeed,
      clientSeed,
      stakeValue: "25.00",
      targetValue: "100.00",
      edgeBps: 800,
      capTickets: 75_000,
      chanceTickets: UPGRADE_TEST_VECTOR.chanceTickets,
      chance: "23.000",
      exact: { expectedValue: "23.00", edgePercent: "8.000" },
      simulated: {
        wins,
        winRatePercent: ((wins / 2_000) * 100).toFixed(3),
        edgePercent: (100 - (wins * 10_000 * 100) / (2_000 * 2_500)).toFixed(3),
      },
    });
    expect(result.path).toHaveLength(100);
  });

  it("gives the exact edge the cap adds, and refuses what no upgrade could be", async () => {
    // 19.98 for 20.00 would be 91908 tickets; the cap holds it at 75000: 1 − 15.00 / 19.98.
    const capped = await simulateUpgrades(services(), { stakeValue: "19.98", targetValue: "20.00", draws: 1_000 });
    expect(capped).toMatchObject({ chanceTickets: 75_000, chance: "75.000", exact: { expectedValue: "15.00", edgePercent: "24.925" } });
    // At a chance: 10.00 staked at 25 % makes a 36.80 target (10 × 9200 × 1000 / 25000 cents).
    expect(await simulateUpgrades(services(), { stakeValue: "10.00", chance: "25", draws: 1_000 })).toMatchObject({
      targetValue: "36.80",
      chanceTickets: 25_000,
    });
    const above = await expectAppError(simulateUpgrades(services(), { stakeValue: "10.00", chance: "80", draws: 1_000 }), "BAD_REQUEST");
    expect(above.message).toMatch(/cap in force is 75\.000 %/);
    await expectAppError(simulateUpgrades(services(), { stakeValue: "10.00", chance: "0.5", draws: 1_000 }), "BAD_REQUEST");
    await expectAppError(simulateUpgrades(services(), { stakeValue: "10.00", targetValue: "10.00" }), "BAD_REQUEST");
    await expectAppError(simulateUpgrades(services(), { stakeValue: "1.00", targetValue: "500.00" }), "BAD_REQUEST");
    await expectAppError(simulateUpgrades(services(), { stakeValue: "1.00", targetValue: "5.00", chance: "10" }), "BAD_REQUEST");
    await expectAppError(simulateUpgrades(services(), { stakeValue: "1.00", targetValue: "5.00", draws: 10 }), "BAD_REQUEST");
  });
});
