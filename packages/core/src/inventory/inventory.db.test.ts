import { describe, expect, it } from "vitest";
import { auditInvariants } from "../audit/audit.ts";
import { AppError } from "../errors.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { listInventory } from "./list-inventory.ts";
import { listInventoryGroups } from "./list-inventory-groups.ts";
import { sellInventoryItems } from "./sell-inventory-items.ts";

const services = useTestServices();
const database = () => services().database;

/** A pack that always yields the one item, so values are known; the value is 80–98% of the price, as the publishing rules require. */
function createFixedPack(value: string, price: string, name = "Only Item") {
  return createTestPack(services(), {
    price,
    items: [{ key: "only", name, rarity: "RARE", value, image: "/images/test.svg", tickets: 100_000 }],
  });
}

async function openTimes(userId: string, slug: string, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await openPack(services(), { userId, idOrSlug: slug }));
  return results;
}

describe("listInventory", () => {
  it("pages newest first with a stable cursor; totals cover every held item, not the page", async () => {
    const pack = await createFixedPack("2.50", "2.80");
    const user = await createTestUser(services(), { balance: "20.00" });
    const opened = await openTimes(user.userId, pack.slug, 7);
    const expectedOrder = opened.map((o) => o.inventoryItem.id).reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listInventory(services(), { userId: user.userId, cursor, limit: 3 });
      expect(page.totalValue).toBe("17.50");
      expect(page.heldCount).toBe(7);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expectedOrder);

    const [first] = (await listInventory(services(), { userId: user.userId, limit: 1 })).items;
    expect(first).toEqual({
      id: opened[6]!.inventoryItem.id,
      itemId: opened[6]!.item.id,
      packId: pack.id,
      packName: pack.name,
      name: "Only Item",
      rarity: "RARE",
      value: "2.50",
      image: "/images/test.svg",
      status: "HELD",
      ships: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      soldAt: null,
      spinId: opened[6]!.spin.id,
      battleId: null,
      upgradeId: null,
      exchangeId: null,
    });
  });

  it("lists sold items apart from held ones and keeps other accounts out", async () => {
    const pack = await createFixedPack("4.00", "4.50");
    const user = await createTestUser(services(), { balance: "9.00" });
    const stranger = await createTestUser(services(), { balance: "4.50" });
    const [a, b] = await openTimes(user.userId, pack.slug, 2);
    await openTimes(stranger.userId, pack.slug, 1);
    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [a!.inventoryItem.id] });

    const held = await listInventory(services(), { userId: user.userId });
    expect(held.items.map((i) => i.id)).toEqual([b!.inventoryItem.id]);
    expect([held.totalValue, held.heldCount, held.nextCursor]).toEqual(["4.00", 1, null]);
    const sold = await listInventory(services(), { userId: user.userId, status: "SOLD" });
    expect(sold.items.map((i) => [i.id, i.status])).toEqual([[a!.inventoryItem.id, "SOLD"]]);
    expect(sold.items[0]!.soldAt).not.toBeNull();
    expect(sold.totalValue).toBe("4.00"); // still the held total

    const empty = await listInventory(services(), { userId: (await createTestUser(services())).userId });
    expect(empty).toEqual({ items: [], totalValue: "0.00", heldCount: 0, nextCursor: null });
  });

  it("says which items ship, by the pack item's flag, in the list and the groups", async () => {
    const digital = await createTestPack(services(), {
      price: "2.80",
      items: [{ key: "code", name: "Gift Code", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000, ships: false }],
    });
    const goods = await createFixedPack("2.50", "2.80");
    const user = await createTestUser(services(), { balance: "10.00" });
    await openTimes(user.userId, digital.slug, 1);
    await openTimes(user.userId, goods.slug, 1);
    const listed = (await listInventory(services(), { userId: user.userId })).items;
    expect(listed.map((item) => [item.name, item.ships])).toEqual([
      ["Only Item", true],
      ["Gift Code", false],
    ]);
    const grouped = (await listInventoryGroups(services(), { userId: user.userId, sort: "name" })).groups;
    expect(grouped.map((group) => [group.name, group.ships])).toEqual([
      ["Gift Code", false],
      ["Only Item", true],
    ]);
  });

  it("lists only the items asked for by id, and only the account's own", async () => {
    const pack = await createFixedPack("2.50", "2.80");
    const user = await createTestUser(services(), { balance: "20.00" });
    const other = await createTestUser(services(), { balance: "20.00" });
    const [oldest, , newest] = (await openTimes(user.userId, pack.slug, 3)).map((o) => o.inventoryItem.id);
    const [stranger] = (await openTimes(other.userId, pack.slug, 1)).map((o) => o.inventoryItem.id);
    const listed = await listInventory(services(), { userId: user.userId, ids: [oldest!, newest!, stranger!] });
    expect(listed.items.map((item) => item.id)).toEqual([newest, oldest]);
  });

  it("refuses a forged cursor and an out-of-range limit", async () => {
    const user = await createTestUser(services());
    await expectAppError(listInventory(services(), { userId: user.userId, cursor: "not-a-cursor" }), "BAD_REQUEST");
    await expectAppError(listInventory(services(), { userId: user.userId, limit: 0 }), "BAD_REQUEST");
    await expectAppError(listInventory(services(), { userId: user.userId, limit: 101 }), "BAD_REQUEST");
  });
});

describe("listInventoryGroups", () => {
  it("groups the account's held items by item with exact counts and totals, in each order", async () => {
    const db = database().prisma;
    const alpha = await createFixedPack("1.25", "1.40", "Alpha Mug");
    const bravo = await createFixedPack("7.10", "8.00", "Bravo Watch");
    const charlie = await createFixedPack("2.50", "2.80", "Charlie Cap");
    const user = await createTestUser(services(), { balance: "17.80" });
    const stranger = await createTestUser(services(), { balance: "1.40" });
    const alphas = await openTimes(user.userId, alpha.slug, 3);
    await openTimes(user.userId, bravo.slug, 1);
    const [soldCharlie] = await openTimes(user.userId, charlie.slug, 2);
    await openTimes(stranger.userId, alpha.slug, 1);
    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [soldCharlie!.inventoryItem.id] });
    // Back-to-back openings can share a millisecond (createdAt is timestamp(3)): a second apart, "newest" has one answer.
    for (const [pack, later] of [
      [bravo, 1000],
      [charlie, 2000],
    ] as const) {
      const createdAt = new Date(Date.now() + later);
      await db.inventoryItem.updateMany({ where: { userId: user.userId, itemId: pack.items[0]!.id }, data: { createdAt } });
    }

    const byValue = await listInventoryGroups(services(), { userId: user.userId });
    expect([byValue.totalValue, byValue.heldCount]).toEqual(["13.35", 5]);
    expect(byValue.groups.map((g) => [g.name, g.value, g.count, g.totalValue])).toEqual([
      ["Bravo Watch", "7.10", 1, "7.10"],
      ["Charlie Cap", "2.50", 1, "2.50"],
      ["Alpha Mug", "1.25", 3, "3.75"],
    ]);
    const newestAlpha = await db.inventoryItem.findUniqueOrThrow({ where: { id: alphas[2]!.inventoryItem.id } });
    expect(byValue.groups[2]).toEqual({
      itemId: alpha.items[0]!.id,
      packId: alpha.id,
      packName: alpha.name,
      name: "Alpha Mug",
      rarity: "RARE",
      image: "/images/test.svg",
      value: "1.25",
      count: 3,
      ships: true,
      totalValue: "3.75",
      newestAt: newestAlpha.createdAt.toISOString(),
      inventoryItemIds: alphas.map((o) => o.inventoryItem.id),
    });

    const names = async (sort: "value-asc" | "count" | "name" | "newest") =>
      (await listInventoryGroups(services(), { userId: user.userId, sort })).groups.map((g) => g.name);
    expect(await names("value-asc")).toEqual(["Alpha Mug", "Charlie Cap", "Bravo Watch"]);
    expect(await names("count")).toEqual(["Alpha Mug", "Bravo Watch", "Charlie Cap"]);
    expect(await names("name")).toEqual(["Alpha Mug", "Bravo Watch", "Charlie Cap"]);
    expect(await names("newest")).toEqual(["Charlie Cap", "Bravo Watch", "Alpha Mug"]);

    const theirs = await listInventoryGroups(services(), { userId: stranger.userId });
    expect(theirs.groups.map((g) => [g.name, g.count, g.totalValue])).toEqual([["Alpha Mug", 1, "1.25"]]);
    const empty = await listInventoryGroups(services(), { userId: (await createTestUser(services())).userId });
    expect(empty).toEqual({ groups: [], totalValue: "0.00", heldCount: 0 });
  });
});

describe("sellInventoryItems", () => {
  it("credits the values, marks the items sold and writes one ITEM_SALE entry each with a running balance", async () => {
    const db = database().prisma;
    const cheap = await createFixedPack("1.25", "1.40");
    const dear = await createFixedPack("7.10", "8.00");
    const user = await createTestUser(services(), { balance: "10.00" });
    const [x] = await openTimes(user.userId, cheap.slug, 1);
    const [y] = await openTimes(user.userId, dear.slug, 1);
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("0.60");

    const result = await sellInventoryItems(services(), {
      userId: user.userId,
      inventoryItemIds: [y!.inventoryItem.id, x!.inventoryItem.id],
    });
    expect(result).toEqual({
      sold: [
        { id: y!.inventoryItem.id, value: "7.10" },
        { id: x!.inventoryItem.id, value: "1.25" },
      ],
      total: "8.35",
      balanceAfter: 8.95,
    });
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("8.95");
    const sales = await db.ledgerEntry.findMany({ where: { userId: user.userId, kind: "ITEM_SALE" }, orderBy: { balanceAfter: "asc" } });
    expect(sales.map((e) => [e.inventoryItemId, e.amount.toFixed(2), e.balanceAfter.toFixed(2)])).toEqual([
      [y!.inventoryItem.id, "7.10", "7.70"],
      [x!.inventoryItem.id, "1.25", "8.95"],
    ]);
    const items = await db.inventoryItem.findMany({ where: { userId: user.userId } });
    expect(items.every((i) => i.status === "SOLD" && i.soldAt !== null)).toBe(true);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("is all or nothing: one sold, foreign or unknown id sells none of the others", async () => {
    const db = database().prisma;
    const pack = await createFixedPack("3.00", "3.40");
    const user = await createTestUser(services(), { balance: "10.20" });
    const stranger = await createTestUser(services(), { balance: "3.40" });
    const [a, b, c] = await openTimes(user.userId, pack.slug, 3);
    const [theirs] = await openTimes(stranger.userId, pack.slug, 1);
    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [a!.inventoryItem.id] });
    const balance = (await getBalance(services(), user.userId)).toFixed(2);
    const ledgerCount = await db.ledgerEntry.count({ where: { userId: user.userId } });

    const conflict = await expectAppError(
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [b!.inventoryItem.id, a!.inventoryItem.id] }),
      "CONFLICT",
    );
    expect(conflict.message).toMatch(/already sold/);
    await expectAppError(
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [b!.inventoryItem.id, theirs!.inventoryItem.id] }),
      "NOT_FOUND",
    );
    await expectAppError(
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [c!.inventoryItem.id, "no-such-item"] }),
      "NOT_FOUND",
    );
    // Unknown wins over sold when both apply, like 404 before 409 elsewhere.
    await expectAppError(
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [a!.inventoryItem.id, "no-such-item"] }),
      "NOT_FOUND",
    );

    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe(balance);
    expect(await db.ledgerEntry.count({ where: { userId: user.userId } })).toBe(ledgerCount);
    const held = await listInventory(services(), { userId: user.userId });
    expect(held.items.map((i) => i.id).sort()).toEqual([b!.inventoryItem.id, c!.inventoryItem.id].sort());
    expect((await db.inventoryItem.findUniqueOrThrow({ where: { id: theirs!.inventoryItem.id } })).status).toBe("HELD");
  });

  it("refuses an empty list, more than 100 ids and repeated ids", async () => {
    const user = await createTestUser(services());
    await expectAppError(sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [] }), "BAD_REQUEST");
    await expectAppError(
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: Array.from({ length: 101 }, (_, i) => `id${i}`) }),
      "BAD_REQUEST",
    );
    await expectAppError(sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: ["same", "same"] }), "BAD_REQUEST");
  });

  it("sells an item exactly once under 10 parallel sales; balance and ledger exact", async () => {
    const db = database().prisma;
    const pack = await createFixedPack("6.66", "7.50");
    const user = await createTestUser(services(), { balance: "7.50" });
    const [opened] = await openTimes(user.userId, pack.slug, 1);
    const id = opened!.inventoryItem.id;

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [id] })),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(succeeded).toHaveLength(1);
    expect(failed.map((f) => (f.reason instanceof AppError ? f.reason.code : String(f.reason)))).toEqual(Array(9).fill("CONFLICT"));
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("6.66");
    const sales = await db.ledgerEntry.findMany({ where: { userId: user.userId, kind: "ITEM_SALE" } });
    expect(sales.map((e) => [e.inventoryItemId, e.amount.toFixed(2), e.balanceAfter.toFixed(2)])).toEqual([[id, "6.66", "6.66"]]);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("keeps the wallet exact when overlapping sales, in opposite orders, race with opens", async () => {
    const db = database().prisma;
    const pack = await createFixedPack("2.00", "2.25");
    const user = await createTestUser(services(), { balance: "20.00" });
    const ids = (await openTimes(user.userId, pack.slug, 6)).map((o) => o.inventoryItem.id);
    const forward = ids.slice(0, 4);
    const backward = ids.slice(2).reverse();
    const outcomes = await Promise.allSettled([
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: forward }),
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: backward }),
      sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [ids[0]!] }),
      openPack(services(), { userId: user.userId, idOrSlug: pack.slug }),
      openPack(services(), { userId: user.userId, idOrSlug: pack.slug }),
    ]);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect((outcome.reason as AppError).code).toBe("CONFLICT");
    }
    const soldIds = outcomes
      .slice(0, 3)
      .flatMap((o) => (o.status === "fulfilled" ? (o.value as { sold: Array<{ id: string }> }).sold.map((s) => s.id) : []));
    expect(new Set(soldIds).size).toBe(soldIds.length);
    expect(outcomes.slice(3).every((o) => o.status === "fulfilled")).toBe(true);
    // 20.00 - 8 opens × 2.25 + 2.00 per sold item.
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe((2 + 2 * soldIds.length).toFixed(2));
    expect(await db.inventoryItem.count({ where: { userId: user.userId, status: "SOLD" } })).toBe(soldIds.length);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("audit reports a sold item without its sale credit, and a held item with one", async () => {
    const db = database().prisma;
    const pack = await createFixedPack("1.00", "1.10");
    const user = await createTestUser(services(), { balance: "2.20" });
    const [a, b] = await openTimes(user.userId, pack.slug, 2);
    await db.inventoryItem.update({ where: { id: a!.inventoryItem.id }, data: { status: "SOLD", soldAt: new Date() } });
    const report = await auditInvariants(services());
    expect(report.breaches.filter((x) => x.detail.inventoryItemId === a!.inventoryItem.id)).toHaveLength(1);
    await db.inventoryItem.update({ where: { id: a!.inventoryItem.id }, data: { status: "HELD", soldAt: null } });

    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [b!.inventoryItem.id] });
    await db.inventoryItem.update({ where: { id: b!.inventoryItem.id }, data: { status: "HELD", soldAt: null } });
    expect((await auditInvariants(services())).breaches.some((x) => x.detail.inventoryItemId === b!.inventoryItem.id)).toBe(true);
    await db.inventoryItem.update({ where: { id: b!.inventoryItem.id }, data: { status: "SOLD", soldAt: new Date() } });
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });
});
