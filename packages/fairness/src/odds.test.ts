import { describe, expect, it } from "vitest";
import {
  assertValidRanges,
  buildTicketRanges,
  canonicalOddsTable,
  chanceToTickets,
  drawTicket,
  findRangeForTicket,
  oddsHash,
  ticketsToChance,
} from "./index.ts";

const items = [
  { itemId: "jackpot", tickets: 150 },
  { itemId: "rare", tickets: 4_850 },
  { itemId: "uncommon", tickets: 25_000 },
  { itemId: "common", tickets: 70_000 },
];

describe("ticket ranges", () => {
  it("are contiguous and cover 1..100000 with chance × 1000 tickets each", () => {
    const ranges = buildTicketRanges(items);
    expect(ranges).toEqual([
      { itemId: "jackpot", ticketFrom: 1, ticketTo: 150 },
      { itemId: "rare", ticketFrom: 151, ticketTo: 5_000 },
      { itemId: "uncommon", ticketFrom: 5_001, ticketTo: 30_000 },
      { itemId: "common", ticketFrom: 30_001, ticketTo: 100_000 },
    ]);
    expect(() => assertValidRanges(ranges)).not.toThrow();
  });

  it("refuse tickets that do not sum to 100000 or are not positive integers", () => {
    expect(() => buildTicketRanges([{ itemId: "a", tickets: 99_999 }])).toThrow(/sum/);
    expect(() =>
      buildTicketRanges([
        { itemId: "a", tickets: 0 },
        { itemId: "b", tickets: 100_000 },
      ]),
    ).toThrow(/positive/);
    expect(() => assertValidRanges([{ itemId: "a", ticketFrom: 2, ticketTo: 100_000 }])).toThrow(/contiguous/);
  });

  it("map boundary tickets to the right item", () => {
    const ranges = buildTicketRanges(items);
    expect(findRangeForTicket(ranges, 1).itemId).toBe("jackpot");
    expect(findRangeForTicket(ranges, 150).itemId).toBe("jackpot");
    expect(findRangeForTicket(ranges, 151).itemId).toBe("rare");
    expect(findRangeForTicket(ranges, 100_000).itemId).toBe("common");
    expect(() => findRangeForTicket(ranges, 100_001)).toThrow();
  });

  it("convert chances with three decimals exactly", () => {
    expect(chanceToTickets(0.15)).toBe(150);
    expect(chanceToTickets(4.85)).toBe(4_850);
    expect(ticketsToChance(4_850)).toBe(4.85);
    expect(ticketsToChance(1)).toBe(0.001);
    expect(() => chanceToTickets(0.0001)).toThrow(/decimals/);
  });
});

describe("oddsHash", () => {
  it("is the SHA-256 of the canonical table and independent of row order", async () => {
    const ranges = buildTicketRanges(items);
    expect(canonicalOddsTable(ranges)).toBe('[["jackpot",1,150],["rare",151,5000],["uncommon",5001,30000],["common",30001,100000]]');
    const hash = await oddsHash(ranges);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await oddsHash([...ranges].reverse())).toBe(hash);
    expect(await oddsHash(buildTicketRanges([...items].reverse()))).not.toBe(hash);
  });
});

describe("statistics", () => {
  // Chi-square goodness of fit over many real draws: the item frequencies match the chances.
  it("draw frequencies match the chances (chi-square, 3 degrees of freedom)", async () => {
    const ranges = buildTicketRanges([
      { itemId: "a", tickets: 5_000 },
      { itemId: "b", tickets: 15_000 },
      { itemId: "c", tickets: 30_000 },
      { itemId: "d", tickets: 50_000 },
    ]);
    const draws = 40_000;
    const counts = new Map<string, number>();
    for (let nonce = 0; nonce < draws; nonce++) {
      const { result } = await drawTicket({ serverSeed: "statistics-seed", clientSeed: "chi-square", nonce });
      const { itemId } = findRangeForTicket(ranges, result);
      counts.set(itemId, (counts.get(itemId) ?? 0) + 1);
    }
    let chiSquare = 0;
    for (const range of ranges) {
      const expected = (draws * (range.ticketTo - range.ticketFrom + 1)) / 100_000;
      chiSquare += ((counts.get(range.itemId) ?? 0) - expected) ** 2 / expected;
    }
    // 16.27 is the 99.9th percentile of chi-square with 3 degrees of freedom; the seeds are fixed,
    // so this is deterministic, and a biased mapping (e.g. an off-by-one range) fails it.
    expect(chiSquare).toBeLessThan(16.27);
  }, 60_000);
});
