import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getHourlyReport, getReportActivity, getTopWinners } from "./operator-reports.ts";
import { getPackReport } from "./pack-reports.ts";

// Known openings, known totals: each opening's outcome is then set to a chosen item of the pack
// (the spin, its value and the inventory item together, as a different draw would have left
// them), so every sum below is written out by hand. This file's database is its own: site-wide
// deposit totals are exactly the deposits made here.
const services = useTestServices();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function setUp() {
  const db = services().database.prisma;
  const item = (key: string, value: string, tickets: number) => ({
    key,
    name: key,
    rarity: "COMMON" as const,
    value,
    image: "/images/test.svg",
    tickets,
  });
  // Expected value 25.00 × 0.1% + 0.50 × 10% + 10.01 × 0.1% + 9.00 × 89.8% = 8.17 of 10.00.
  const pack = await createTestPack(services(), {
    price: "10.00",
    items: [item("big", "25.00", 100), item("tiny", "0.50", 10_000), item("plus", "10.01", 100), item("mid", "9.00", 89_800)],
  });
  const [u1, u2, u3] = await Promise.all([1, 2, 3].map(() => createTestUser(services(), { balance: "100.00" })));
  const open = async (userId: string, key: string, daysAgo = 0) => {
    const opened = await openPack(services(), { userId, idOrSlug: pack.slug });
    const won = pack.items.find((i) => i.key === key)!;
    await db.$executeRaw`UPDATE spin SET "itemId" = ${won.id}, value = ${won.value}, "createdAt" = "createdAt" - ${daysAgo} * interval '1 day' WHERE id = ${opened.spin.id}`;
    await db.$executeRaw`UPDATE inventory_item SET "itemId" = ${won.id}, value = ${won.value} WHERE id = ${opened.inventoryItem.id}`;
    return opened;
  };
  // u1: 25.00 and 0.50 today, 9.00 three days ago. u2: 9.00 twice today. u3: 10.01 today.
  const a = await open(u1!.userId, "big");
  await open(u1!.userId, "tiny");
  await open(u1!.userId, "mid", 3);
  await open(u2!.userId, "mid");
  await open(u2!.userId, "mid");
  await open(u3!.userId, "plus");
  // u1 sells the item of its first opening back: 25.00, the item's value.
  await sellInventoryItems(services(), { userId: u1!.userId, inventoryItemIds: [a.inventoryItem.id] });
  // Two deposits settled today (20.00 + 5.55), one three days ago, one still pending.
  const deposit = (userId: string, amount: string, status: string, daysAgo: number) =>
    db.deposit.create({
      data: {
        id: randomUUID(),
        userId,
        provider: "demo",
        amount,
        currency: "USD",
        status,
        settledAt: status === "settled" ? new Date(Date.now() - daysAgo * 86_400_000) : null,
      },
    });
  await deposit(u1!.userId, "20.00", "settled", 0);
  await deposit(u2!.userId, "5.55", "settled", 0);
  await deposit(u2!.userId, "100.00", "settled", 3);
  await deposit(u3!.userId, "7.00", "pending", 0);
  return { pack, u1: u1!, u2: u2!, u3: u3! };
}

describe("operator reports", () => {
  it("totals known openings, deposits, players, hours and winners exactly", async () => {
    const { pack, u1, u3 } = await setUp();
    const slug = pack.slug;

    // Today: revenue 50.00, value won 25.00 + 0.50 + 9.00 + 9.00 + 10.01 = 53.51, so the realised
    // return passes 100 % and the margin is negative.
    const today = await getPackReport(services(), { from: day(0), to: day(0), slug });
    expect(today.total).toMatchObject({
      openings: 5,
      revenue: "50.00",
      valueWon: "53.51",
      soldValue: "25.00",
      realisedRtpPercent: "107.02",
      margin: "-3.51",
      returnAboveFull: true,
    });
    const week = await getPackReport(services(), { from: day(-3), to: day(0), slug });
    expect(week.total).toMatchObject({ openings: 6, revenue: "60.00", valueWon: "62.51", margin: "-2.51", returnAboveFull: true });

    expect(await getReportActivity(services(), { from: day(0), to: day(0), slug })).toEqual({
      from: day(0),
      to: day(0),
      deposits: { count: 2, total: "25.55" },
      activePlayers: 3,
      // u1 opened this pack before today.
      newPlayers: 2,
    });
    expect(await getReportActivity(services(), { from: day(-3), to: day(0) })).toMatchObject({
      deposits: { count: 3, total: "125.55" },
      activePlayers: 3,
      newPlayers: 3,
    });
    expect(await getReportActivity(services(), { from: day(-10), to: day(-5) })).toMatchObject({
      deposits: { count: 0, total: "0.00" },
      activePlayers: 0,
    });

    // Every hour is present; the sums do not depend on which hour the test ran in.
    const sum = (values: string[]) => (values.reduce((cents, v) => cents + Math.round(Number(v) * 100), 0) / 100).toFixed(2);
    const hourly = await getHourlyReport(services(), { range: "24h", slug });
    expect(hourly.buckets).toHaveLength(24);
    expect(hourly.buckets.reduce((n, b) => n + b.openings, 0)).toBe(5);
    expect(sum(hourly.buckets.map((b) => b.revenue))).toBe("50.00");
    expect(sum(hourly.buckets.map((b) => b.valueWon))).toBe("53.51");
    expect(sum(hourly.buckets.map((b) => b.soldValue))).toBe("25.00");
    expect(sum(hourly.buckets.map((b) => b.margin))).toBe("-3.51");
    const hours = hourly.buckets.map((b) => Date.parse(b.hour));
    expect(hours.slice(1).every((h, i) => h - hours[i]! === 3_600_000)).toBe(true);
    const weekly = await getHourlyReport(services(), { range: "7d", slug });
    expect(weekly.buckets).toHaveLength(168);
    expect(weekly.buckets.reduce((n, b) => n + b.openings, 0)).toBe(6);
    expect(sum(weekly.buckets.map((b) => b.valueWon))).toBe("62.51");

    // Net won today: u1 25.50 − 20.00 = 5.50, u3 0.01; u2 lost 2.00 and is no winner.
    const winners = await getTopWinners(services(), { from: day(0), to: day(0), slug });
    expect(winners.winners).toEqual([
      { userId: u1.userId, name: expect.any(String), email: u1.email, openings: 2, spent: "20.00", won: "25.50", net: "5.50" },
      { userId: u3.userId, name: expect.any(String), email: u3.email, openings: 1, spent: "10.00", won: "10.01", net: "0.01" },
    ]);
    // Over four days u1 also lost 1.00 three days ago: 4.50.
    expect((await getTopWinners(services(), { from: day(-3), to: day(0), slug })).winners[0]).toMatchObject({
      userId: u1.userId,
      net: "4.50",
    });
  });

  it("refuses bad ranges and unknown packs", async () => {
    await expectAppError(getReportActivity(services(), { from: day(0), to: day(-1) }), "BAD_REQUEST");
    await expectAppError(getTopWinners(services(), { from: day(-1), to: day(0), slug: "no-such-pack" }), "NOT_FOUND");
    await expectAppError(getHourlyReport(services(), { range: "1y" as "24h" }), "BAD_REQUEST");
  });
});
