import { describe, expect, it } from "vitest";
import { Prisma } from "@prizepacks/db/prisma";
import { auditInvariants } from "../audit/audit.ts";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { depositDemoFunds } from "./deposit-demo-funds.ts";
import { listLedgerEntries } from "./list-ledger-entries.ts";
import { getWalletBalance } from "./wallet.ts";

const services = useTestServices();
const database = () => services().database;

describe("listLedgerEntries", () => {
  it("lists deposits, openings and sales newest first; amounts sum to the balance, balanceAfter runs", async () => {
    const pack = await createTestPack(services(), { price: "3.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const opened = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    await sellInventoryItems(services(), { userId: user.userId, inventoryItemIds: [opened.inventoryItem.id] });
    await depositDemoFunds(services(), { userId: user.userId, amount: "0.01" });

    const entries = [];
    let cursor: string | undefined;
    do {
      const page = await listLedgerEntries(services(), { userId: user.userId, cursor, limit: 1 });
      entries.push(...page.entries);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);

    expect(entries.map((e) => e.kind)).toEqual(["DEPOSIT", "ITEM_SALE", "PACK_OPEN", "ADJUSTMENT"]);
    expect(entries[0]).toMatchObject({ amount: "0.01", note: "demo deposit", spinId: null, inventoryItemId: null });
    expect(entries[1]).toMatchObject({ amount: opened.item.value, inventoryItemId: opened.inventoryItem.id, spinId: null });
    expect(entries[2]).toMatchObject({ amount: "-3.00", balanceAfter: 7, spinId: opened.spin.id });
    expect(entries[3]).toMatchObject({ amount: "10.00", balanceAfter: 10 });

    const wallet = await getWalletBalance(services(), user.userId);
    const sum = entries.reduce((total, e) => total.plus(e.amount), new Prisma.Decimal(0));
    expect(sum.toFixed(2)).toBe(wallet.balanceString);
    expect(entries[0]!.balanceAfter).toBe(wallet.balance);
    // Oldest to newest, each balanceAfter is the previous one plus the amount.
    const chronological = [...entries].reverse();
    chronological.reduce((previous, e) => {
      expect(Number(previous.plus(e.amount).toFixed(2))).toBe(e.balanceAfter);
      return new Prisma.Decimal(e.balanceAfter);
    }, new Prisma.Decimal(0));
  });

  it("shows an account only its own entries", async () => {
    const user = await createTestUser(services(), { balance: "1.00" });
    await createTestUser(services(), { balance: "2.00" });
    const { entries, nextCursor } = await listLedgerEntries(services(), { userId: user.userId });
    expect(entries.map((e) => e.amount)).toEqual(["1.00"]);
    expect(nextCursor).toBeNull();
  });
});

describe("depositDemoFunds", () => {
  it("credits amounts above 0 up to 1000.00 as DEPOSIT entries", async () => {
    const db = database().prisma;
    const user = await createTestUser(services());
    expect(await depositDemoFunds(services(), { userId: user.userId, amount: "1000.00" })).toEqual({
      balance: 1000,
      balanceString: "1000.00",
      pendingWithdrawals: "0.00",
    });
    expect(await depositDemoFunds(services(), { userId: user.userId, amount: "0.01" })).toEqual({
      balance: 1000.01,
      balanceString: "1000.01",
      pendingWithdrawals: "0.00",
    });
    expect(await depositDemoFunds(services(), { userId: user.userId, amount: "10.5" })).toEqual({
      balance: 1010.51,
      balanceString: "1010.51",
      pendingWithdrawals: "0.00",
    });
    const deposits = await db.ledgerEntry.findMany({ where: { userId: user.userId, kind: "DEPOSIT", note: "demo deposit" } });
    expect(deposits).toHaveLength(3);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("refuses zero, negative, over 1000.00, more than two decimals and non-numbers, and credits nothing", async () => {
    const db = database().prisma;
    const user = await createTestUser(services(), { balance: "5.00" });
    for (const amount of ["0", "0.00", "-1.00", "1000.01", "5000", "1.001", "abc", "", "1e3", " 10.00"]) {
      await expectAppError(depositDemoFunds(services(), { userId: user.userId, amount }), "BAD_REQUEST");
    }
    expect(await getWalletBalance(services(), user.userId)).toEqual({ balance: 5, balanceString: "5.00", pendingWithdrawals: "0.00" });
    expect(await db.ledgerEntry.count({ where: { userId: user.userId } })).toBe(1);
  });

  it("adds up exactly under parallel deposits", async () => {
    const db = database().prisma;
    const user = await createTestUser(services());
    await Promise.all(Array.from({ length: 10 }, () => depositDemoFunds(services(), { userId: user.userId, amount: "0.10" })));
    expect((await getWalletBalance(services(), user.userId)).balanceString).toBe("1.00");
    const balances = (await db.ledgerEntry.findMany({ where: { userId: user.userId } })).map((e) => e.balanceAfter.toFixed(2)).sort();
    expect(balances).toEqual(["0.10", "0.20", "0.30", "0.40", "0.50", "0.60", "0.70", "0.80", "0.90", "1.00"]);
  });
});
