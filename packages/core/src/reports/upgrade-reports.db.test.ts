import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { openPack } from "../open/open-pack.ts";
import { setGameSetting } from "../settings/game-settings.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { exchangeItems } from "../upgrades/exchange-items.ts";
import { upgradeItems } from "../upgrades/upgrade-items.ts";
import { getUpgradeReport } from "./upgrade-reports.ts";

// Known upgrades and exchanges, known figures: this file's database is its own, so the site-wide
// sums are exactly the rows made here. The upgrading account's seed pair is set before its first
// draw, so every roll is known: with server seed sha256("upgrade-report-166") and client seed
// "upgrade-report", upgrade/v1 gives tickets 11376, 87081, 32340 and 2919 at nonces 5..8
// (the five openings that make the stake take nonces 0..4).
const services = useTestServices();
const db = () => services().database.prisma;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const serverSeed = createHash("sha256").update("upgrade-report-166").digest("hex");

async function setUp() {
  const stakePack = await createTestPack(services(), {
    price: "11.11",
    items: [{ key: "stake", name: "Stake Mug", rarity: "COMMON", value: "9.99", image: "/images/test.svg", tickets: 100_000 }],
  });
  const targets = await createTestPack(services(), {
    price: "30.00",
    items: [
      { key: "t10", name: "Target Ten", rarity: "COMMON", value: "10.00", image: "/images/test.svg", tickets: 50_000 },
      { key: "t20", name: "Target Twenty", rarity: "RARE", value: "20.00", image: "/images/test.svg", tickets: 30_000 },
      { key: "t70", name: "Target Seventy", rarity: "LEGENDARY", value: "70.00", image: "/images/test.svg", tickets: 20_000 },
    ],
  });
  const target = (key: string) => targets.items.find((item) => item.key === key)!.id;
  const player = async (seeded: boolean) => {
    const user = await createTestUser(services(), { balance: "100.00" });
    if (seeded) {
      await db().seedPair.updateMany({
        where: { userId: user.userId, retiredAt: null },
        data: { serverSeed, serverSeedHash: createHash("sha256").update(serverSeed).digest("hex"), clientSeed: "upgrade-report" },
      });
    }
    const items: string[] = [];
    for (let i = 0; i < 5; i++)
      items.push((await openPack(services(), { userId: user.userId, idOrSlug: stakePack.slug })).inventoryItem.id);
    return { userId: user.userId, items };
  };
  const edge = (value: number) => setGameSetting(services(), CLI_ACTOR, { setting: "upgrade_edge_bps", value });
  const fee = (value: number) => setGameSetting(services(), CLI_ACTOR, { setting: "exchange_fee_bps", value });

  const a = await player(true);
  const upgrade = (items: string[], key: string) =>
    upgradeItems(services(), a.userId, { inventoryItemIds: items, targetItemId: target(key) }).then((r) => r.upgrade);
  // At the default 8 % edge: 9.99 → 70.00 at 13129 tickets (ticket 11376: won); 19.98 → 20.00
  // held at the 75000 cap (ticket 87081: lost).
  const u5 = await upgrade([a.items[0]!], "t70");
  const u6 = await upgrade([a.items[1]!, a.items[2]!], "t20");
  // At a 20 % edge: 9.99 → 20.00 at 39960 (ticket 32340: won); 9.99 → 70.00 at 11417 (ticket 2919: won).
  await edge(2_000);
  const u7 = await upgrade([a.items[3]!], "t20");
  const u8 = await upgrade([a.items[4]!], "t70");
  await edge(800);
  expect([u5, u6, u7, u8].map((u) => [u.chanceTickets, u.ticket, u.won])).toEqual([
    [13_129, 11_376, true],
    [75_000, 87_081, false],
    [39_960, 32_340, true],
    [11_417, 2_919, true],
  ]);
  // The last one three days ago.
  await db().$executeRaw`UPDATE upgrade SET "createdAt" = "createdAt" - interval '3 days' WHERE id = ${u8.id}`;

  // Exchanges: 29.97 for 20.00 at the 5 % fee pays floor(28.4715 − 20.00) = 8.47 and keeps 1.50;
  // 19.98 for 10.00 at 10 % pays floor(17.982 − 10.00) = 7.98 and keeps 2.00.
  const b = await player(false);
  await exchangeItems(services(), b.userId, { inventoryItemIds: b.items.slice(0, 3), targetItemIds: [target("t20")] });
  await fee(1_000);
  await exchangeItems(services(), b.userId, { inventoryItemIds: b.items.slice(3), targetItemIds: [target("t10")] });
  await fee(500);
  return { a, u5, u7, u8 };
}

describe("getUpgradeReport", () => {
  it("sums volume, won value and the realised edge per edge and day, the biggest wins, and the exchange's fees kept, exactly", async () => {
    const { a, u5, u7, u8 } = await setUp();

    const today = await getUpgradeReport(services(), { from: day(0), to: day(0) });
    expect(today.settings).toEqual({ upgradeEdgeBps: 800, upgradeCapTickets: 75_000, exchangeFeeBps: 500 });
    // Stake 9.99 + 19.98 + 9.99 = 39.96; won 70.00 + 20.00; expected (13129 × 70 + 75000 × 20 +
    // 39960 × 20) / 100000 = 32.1823; realised edge 1 − 90 / 39.96 = −125.2252 %, expected
    // 1 − 32.1823 / 39.96 = 19.4637 %; mean chance 128089 / 3 tickets = 42.6963 %.
    expect(today.upgrades.total).toEqual({
      upgrades: 3,
      wins: 2,
      stakeValue: "39.96",
      wonValue: "90.00",
      expectedWonValue: "32.18",
      winRatePercent: "66.67",
      meanChancePercent: "42.70",
      realisedEdgePercent: "-125.23",
      expectedEdgePercent: "19.46",
    });
    // At 8 %: stake 29.97, won 70.00, expected (919030 + 1500000) / 100000 = 24.1903, so
    // 1 − 24.1903 / 29.97 = 19.2849 % (the cap keeps more than the edge); at 20 %: 9.99 staked,
    // expected 7.992: exactly 20.00 %.
    expect(today.upgrades.byEdge).toEqual([
      expect.objectContaining({ edgeBps: 800, upgrades: 2, wins: 1, stakeValue: "29.97", wonValue: "70.00", expectedWonValue: "24.19" }),
      expect.objectContaining({ edgeBps: 2_000, upgrades: 1, wins: 1, stakeValue: "9.99", wonValue: "20.00", expectedWonValue: "7.99" }),
    ]);
    expect(today.upgrades.byEdge.map((row) => [row.realisedEdgePercent, row.expectedEdgePercent])).toEqual([
      ["-133.57", "19.28"],
      ["-100.20", "20.00"],
    ]);
    expect(today.upgrades.byDay).toEqual([{ day: day(0), ...today.upgrades.total }]);
    expect(today.upgrades.biggestWins).toEqual([
      expect.objectContaining({
        upgradeId: u5.id,
        userId: a.userId,
        stakeValue: "9.99",
        targetValue: "70.00",
        targetName: "Target Seventy",
        multiplier: "7.01",
        chance: "13.129",
        net: "60.01",
      }),
      expect.objectContaining({
        upgradeId: u7.id,
        stakeValue: "9.99",
        targetValue: "20.00",
        multiplier: "2.00",
        chance: "39.960",
        net: "10.01",
      }),
    ]);

    // Given 29.97 + 19.98, taken 30.00, paid 16.45, kept 3.50 (7.007 % of what was given).
    expect(today.exchanges.total).toEqual({
      exchanges: 2,
      givenValue: "49.95",
      receivedValue: "30.00",
      cashPaid: "16.45",
      feesKept: "3.50",
      keptPercent: "7.01",
    });
    expect(today.exchanges.byFee).toEqual([
      { feeBps: 500, exchanges: 1, givenValue: "29.97", receivedValue: "20.00", cashPaid: "8.47", feesKept: "1.50", keptPercent: "5.01" },
      {
        feeBps: 1_000,
        exchanges: 1,
        givenValue: "19.98",
        receivedValue: "10.00",
        cashPaid: "7.98",
        feesKept: "2.00",
        keptPercent: "10.01",
      },
    ]);
    expect(today.exchanges.byDay).toEqual([{ day: day(0), ...today.exchanges.total }]);

    // Four days add the upgrade of three days ago (9.99 → 70.00, won), a day of its own; its
    // net ties the one of today and, older, comes first.
    const four = await getUpgradeReport(services(), { from: day(-3), to: day(0) });
    expect(four.upgrades.total).toMatchObject({ upgrades: 4, wins: 3, stakeValue: "49.95", wonValue: "160.00" });
    expect(four.upgrades.byDay.map((row) => [row.day, row.upgrades, row.wonValue])).toEqual([
      [day(-3), 1, "70.00"],
      [day(0), 3, "90.00"],
    ]);
    expect(four.upgrades.byEdge.find((row) => row.edgeBps === 2_000)).toMatchObject({
      upgrades: 2,
      stakeValue: "19.98",
      wonValue: "90.00",
    });
    expect(four.upgrades.biggestWins.map((win) => win.upgradeId)).toEqual([u8.id, u5.id, u7.id]);

    const none = await getUpgradeReport(services(), { from: day(-10), to: day(-5) });
    expect(none.upgrades).toEqual({
      total: {
        upgrades: 0,
        wins: 0,
        stakeValue: "0.00",
        wonValue: "0.00",
        expectedWonValue: "0.00",
        winRatePercent: null,
        meanChancePercent: null,
        realisedEdgePercent: null,
        expectedEdgePercent: null,
      },
      byEdge: [],
      byDay: [],
      biggestWins: [],
    });
    expect(none.exchanges.total).toMatchObject({ exchanges: 0, feesKept: "0.00", keptPercent: null });

    expect((await auditInvariants(services(), { demoMode: true })).breaches).toEqual([]);
  });

  it("refuses a bad range", async () => {
    await expectAppError(getUpgradeReport(services(), { from: day(0), to: day(-1) }), "BAD_REQUEST");
  });
});
