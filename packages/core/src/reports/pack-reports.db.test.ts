import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { savePack } from "../catalog/save-pack.ts";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getPackReport, rollUpReports } from "./pack-reports.ts";

// This file's database is its own, so it may move spins into the past before the first rollup.
const services = useTestServices();
const database = () => services().database;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("getPackReport", () => {
  it("adds rolled-up days and the live tail; realised against expected return; sales per pack", async () => {
    const db = database().prisma;
    const slug = `report-${Date.now()}`;
    // Expected value 100 × 2% + 10 × 30% + 5 × 68% = 8.40 of 10.00: expected return 84%.
    await savePack(services(), CLI_ACTOR, {
      slug,
      name: "Report pack",
      image: "/images/test.svg",
      price: "10.00",
      category: "TECH",
      rarityTheme: "SILVER",
      items: [
        { key: "big", name: "Big", rarity: "LEGENDARY", value: "100.00", image: "/images/test.svg", chance: "2" },
        { key: "mid", name: "Mid", rarity: "RARE", value: "10.00", image: "/images/test.svg", chance: "30" },
        { key: "small", name: "Small", rarity: "COMMON", value: "5.00", image: "/images/test.svg", chance: "68" },
      ],
    });
    const user = await createTestUser(services(), { balance: "100.00" });
    const opened: Awaited<ReturnType<typeof openPack>>[] = [];
    for (let i = 0; i < 5; i++) opened.push(await openPack(services(), { userId: user.userId, idOrSlug: slug }));
    // Three openings two days ago (rolled up), two now (the live tail).
    const old = opened.slice(0, 3).map((o) => o.spin.id);
    await db.$executeRaw`UPDATE spin SET "createdAt" = "createdAt" - interval '2 days' WHERE id = ANY(${old})`;
    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [opened[4]!.inventoryItem.id] });

    const valueOf = (indexes: number[]) => indexes.reduce((sum, i) => sum + Number(opened[i]!.item.value), 0).toFixed(2);
    const expected = {
      openings: 5,
      revenue: "50.00",
      valueWon: valueOf([0, 1, 2, 3, 4]),
      itemsSold: 1,
      soldValue: opened[4]!.item.value,
      expectedRtpPercent: "84.00",
      realisedRtpPercent: ((Number(valueOf([0, 1, 2, 3, 4])) / 50) * 100).toFixed(2),
      margin: (50 - Number(valueOf([0, 1, 2, 3, 4]))).toFixed(2),
      returnAboveFull: Number(valueOf([0, 1, 2, 3, 4])) > 50,
    };

    const report = await getPackReport(services(), { from: day(-3), to: day(0), slug });
    expect(report.total).toEqual(expected);
    expect(report.byPack).toHaveLength(1);
    expect(report.byDay.map((d) => [d.day, d.openings])).toEqual([
      [day(-2), 3],
      [day(0), 2],
    ]);
    expect(report.byDay[0]!.valueWon).toBe(valueOf([0, 1, 2]));
    // The old days are in the rollup now, and a second rollup adds nothing twice.
    const { id: packId } = await db.pack.findUniqueOrThrow({ where: { slug } });
    const rolled = await db.packDayStats.findMany({ where: { packId } });
    expect(rolled.map((row) => Number(row.openings))).toEqual([3]);
    await rollUpReports(services());
    expect((await getPackReport(services(), { from: day(-3), to: day(0), slug })).total).toEqual(expected);
    // The whole site includes this pack.
    expect((await getPackReport(services(), { from: day(-3), to: day(0) })).total.openings).toBeGreaterThanOrEqual(5);
    // A range before anything happened is empty.
    expect((await getPackReport(services(), { from: day(-10), to: day(-5), slug })).total).toMatchObject({
      openings: 0,
      realisedRtpPercent: null,
    });
  });

  it("refuses bad ranges", async () => {
    await expectAppError(getPackReport(services(), { from: day(0), to: day(-1) }), "BAD_REQUEST");
    await expectAppError(getPackReport(services(), { from: "2026-1-1", to: day(0) }), "BAD_REQUEST");
    await expectAppError(getPackReport(services(), { from: day(-1), to: day(0), slug: "no-such-pack" }), "NOT_FOUND");
  });
});
