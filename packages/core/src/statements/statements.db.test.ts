import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { describe, expect, it } from "vitest";
import { summarizeSpinHistory } from "../history/list-spin-history.ts";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { Money, parseMoney } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser, verifyIdentity, type TestPackItem } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { createAddress } from "../shipping/addresses.ts";
import { cancelShipment, requestShipment } from "../shipping/shipments.ts";
import { cancelledBattle, settledBattle, withBeaconAhead } from "../testing/battles.ts";
import type { Services } from "../server/services.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { DemoPayoutProvider } from "../withdrawals/demo-payout-provider.ts";
import { giveBack } from "../withdrawals/withdrawal-row.ts";
import { requestWithdrawal } from "../withdrawals/withdrawals.ts";
import type { MonthlyStatement } from "../contract/statements.ts";
import { exportLedgerCsv, getMonthlyStatement, getPlayerSummary } from "./statements.ts";

const services = useTestServices();
const db = () => services().database.prisma;

/** One item worth 2.70 of a 3.00 pack: every opening wagers 3.00 and wins 2.70. */
const flatItems: TestPackItem[] = [
  { key: "only", name: "Flat Mug", rarity: "COMMON", value: "2.70", image: "/images/test.svg", tickets: 100_000 },
];

/** Puts a ledger entry (and its spin, for an opening) at an exact moment, in SQL. */
async function placeAt(entryId: string, at: string) {
  await db().$executeRaw`UPDATE ledger_entry SET "createdAt" = ${at}::timestamp(3) WHERE id = ${entryId}`;
  await db().$executeRaw`UPDATE spin SET "createdAt" = ${at}::timestamp(3)
    WHERE id = (SELECT "spinId" FROM ledger_entry WHERE id = ${entryId})`;
}

/**
 * An account whose ledger straddles two month boundaries: the deposit in October, one opening
 * in the last millisecond of October, one in the first of November, one later in November, a
 * sale in November, an adjustment on the first moment of December.
 */
async function accountAcrossMonths() {
  const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
  // A deposit (a demo one: a provider's would need an invoice), not the starting balance an operator gives (an ADJUSTMENT).
  const { userId } = await createTestUser(services());
  await creditWallet(services(), { userId, amount: parseMoney("100.00"), kind: "DEPOSIT", note: "demo deposit" });
  const opened = [];
  for (let i = 0; i < 3; i++) opened.push(await openPack(services(), { userId, idOrSlug: pack.slug }));
  await sellInventoryItems(services(), { userId, inventoryItemIds: [opened[0]!.inventoryItem.id] });
  await creditWallet(services(), { userId, amount: parseMoney("1.25"), kind: "ADJUSTMENT", note: 'Goodwill, "sorry"\r\nsecond line' });
  await creditWallet(services(), { userId, amount: parseMoney("0.05"), kind: "ADJUSTMENT", note: "=HYPERLINK(1)" });
  // Told apart by what they are, not by createdAt (two may share a millisecond).
  const entries = await db().ledgerEntry.findMany({ where: { userId }, orderBy: { balanceAfter: "desc" } });
  const ofKind = (kind: string) => entries.filter((entry) => entry.kind === kind);
  const [deposit] = ofKind("DEPOSIT");
  const [open1, open2, open3] = ofKind("PACK_OPEN"); // balances 97.00, 94.00, 91.00
  const [sale] = ofKind("ITEM_SALE");
  const [formula, goodwill] = ofKind("ADJUSTMENT"); // 95.00, 94.95
  await placeAt(deposit!.id, "2026-10-15 09:00:00");
  await placeAt(open1!.id, "2026-10-31 23:59:59.999");
  await placeAt(open2!.id, "2026-11-01 00:00:00");
  await placeAt(open3!.id, "2026-11-20 12:00:00");
  await placeAt(sale!.id, "2026-11-21 12:00:00");
  await placeAt(goodwill!.id, "2026-12-01 00:00:00");
  await placeAt(formula!.id, "2026-12-02 00:00:00");
  return { userId, entries: { deposit: deposit!, open1: open1!, open2: open2!, sale: sale!, goodwill: goodwill!, formula: formula! } };
}

describe("monthly statements", () => {
  it("sums each month exactly, the boundaries in the month they fall in", async () => {
    const { userId } = await accountAcrossMonths();
    expect(await getMonthlyStatement(services(), userId, { month: "2026-10" })).toEqual({
      month: "2026-10",
      from: "2026-10-01T00:00:00.000Z",
      to: "2026-11-01T00:00:00.000Z",
      openingBalance: "0.00",
      closingBalance: "97.00",
      openings: 1,
      wagered: "3.00",
      won: "2.70",
      net: "-0.30",
      deposits: "100.00",
      withdrawals: "0.00",
      sales: "0.00",
      adjustments: "0.00",
      rewards: "0.00",
      shipping: "0.00",
      battles: "0.00",
    });
    expect(await getMonthlyStatement(services(), userId, { month: "2026-11" })).toMatchObject({
      openingBalance: "97.00",
      closingBalance: "93.70",
      openings: 2,
      wagered: "6.00",
      won: "5.40",
      net: "-0.60",
      deposits: "0.00",
      sales: "2.70",
      adjustments: "0.00",
      rewards: "0.00",
    });
    expect(await getMonthlyStatement(services(), userId, { month: "2026-12" })).toMatchObject({
      openingBalance: "93.70",
      closingBalance: "95.00",
      openings: 0,
      wagered: "0.00",
      won: "0.00",
      net: "0.00",
      adjustments: "1.30",
    });
    // The closing balance of the last month is the wallet's.
    expect((await db().wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2)).toBe("95.00");
    const empty = await getMonthlyStatement(services(), userId, { month: "2025-02" });
    expect(empty).toMatchObject({ openingBalance: "0.00", closingBalance: "0.00", to: "2025-03-01T00:00:00.000Z" });
  });

  it("counts shipping fees paid, less those given back", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const { userId } = await createTestUser(services(), { balance: "50.00" });
    const items = [];
    for (let i = 0; i < 2; i++) items.push((await openPack(services(), { userId, idOrSlug: pack.slug })).inventoryItem.id);
    const address = await createAddress(services(), userId, {
      name: "Jane Doe",
      line1: "1 Main St",
      city: "Springfield",
      region: "IL",
      postalCode: "62701",
      country: "US",
    });
    const kept = await requestShipment(services(), { userId, inventoryItemIds: [items[0]!], addressId: address.id });
    const cancelled = await requestShipment(services(), { userId, inventoryItemIds: [items[1]!], addressId: address.id });
    await cancelShipment(services(), userId, cancelled.id);
    const statement = await getMonthlyStatement(services(), userId);
    expect(statement.shipping).toBe(kept.fee);
    expect(parseMoney(statement.closingBalance).toFixed(2)).toBe(parseMoney("44.00").minus(kept.fee).toFixed(2));
  });

  it("reconciles every month to the cent: opening balance + every line = closing balance, games and all", async () => {
    const s = { ...(await withBeaconAhead(services())), payouts: new DemoPayoutProvider() };
    const pack = await createTestPack(s, { price: "3.00", items: flatItems });
    const [alice, bob] = [await createTestUser(s), await createTestUser(s)];
    for (const { userId } of [alice, bob]) await everyKindButBattles(s, userId, pack.slug);
    // Battles between the two until each has won one and lost one (ties are broken by the draw).
    const results: Array<{ winnerId: string }> = [];
    while (!results.some((r) => r.winnerId === alice.userId) || !results.some((r) => r.winnerId === bob.userId)) {
      expect(results.length).toBeLessThan(12);
      results.push(await settledBattle(s, alice.userId, bob.userId, [pack.slug, pack.slug]));
    }

    for (const { userId } of [alice, bob]) {
      await spreadOverMonths(userId);
      const months = ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];
      const statements: MonthlyStatement[] = [];
      for (const month of months) statements.push(await getMonthlyStatement(s, userId, { month }));
      const cents = (amount: string) => parseMoney(amount);
      let previousClosing = "0.00";
      for (const st of statements) {
        expect(st.openingBalance).toBe(previousClosing);
        const lines = cents(st.openingBalance)
          .plus(st.deposits)
          .minus(st.withdrawals)
          .plus(st.sales)
          .plus(st.adjustments)
          .minus(st.shipping)
          .minus(st.wagered);
        expect(`${st.month}: ${lines.toFixed(2)}`).toBe(`${st.month}: ${st.closingBalance}`);
        expect(`${st.month}: ${st.net}`).toBe(`${st.month}: ${await netOfPlay(userId, st.from, st.to)}`);
        previousClosing = st.closingBalance;
      }
      expect(previousClosing).toBe((await db().wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2));
      // Every kind of line was on some month's statement, battles too; the months add up to the account's totals.
      const total = (field: "deposits" | "withdrawals" | "sales" | "shipping" | "battles" | "wagered" | "won") =>
        statements.reduce((sum, st) => sum.plus(st[field]), parseMoney("0")).toFixed(2);
      for (const field of ["deposits", "withdrawals", "sales", "shipping", "battles"] as const) expect(total(field)).not.toBe("0.00");
      const summary = await summarizeSpinHistory(s, { userId });
      expect({ wagered: total("wagered"), won: total("won") }).toEqual({ wagered: summary.paid, won: summary.won });
      const items = await db().inventoryItem.findMany({ where: { userId } });
      expect(summary.won).toBe(items.reduce((sum, item) => sum.plus(item.value), parseMoney("0")).toFixed(2));
    }
  });

  it("adds up in the current month while a game commits during the statement's reads", async () => {
    const { sql } = services().database;
    if (services().database.kind !== "postgres") return; // two transactions at once need PostgreSQL's connections
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const { userId } = await createTestUser(services(), { balance: "20.00" });
    await openPack(services(), { userId, idOrSlug: pack.slug });
    const [entry] = await db().ledgerEntry.findMany({ where: { userId, kind: "PACK_OPEN" } });
    await placeAt(entry!.id, "2020-01-01 00:00:00");
    // The opening moves into this month while the statement reads: its ledger read done, the
    // read of the games (spin) held back by a lock on spin until the move has committed.
    let statement: Promise<MonthlyStatement> | undefined;
    await sql.transaction(async (move) => {
      await move.query(`LOCK TABLE spin IN ACCESS EXCLUSIVE MODE`);
      statement = getMonthlyStatement(services(), userId);
      statement.catch(() => undefined);
      await untilOnlyLockWaitersRun(move);
      await move.query(`UPDATE ledger_entry SET "createdAt" = now() WHERE id = $1`, [entry!.id]);
      await move.query(`UPDATE spin SET "createdAt" = now() WHERE id = $1`, [entry!.spinId]);
    });
    const st = await statement!;
    const lines = new Money(st.openingBalance)
      .plus(st.deposits)
      .minus(st.withdrawals)
      .plus(st.sales)
      .plus(st.adjustments)
      .minus(st.shipping)
      .minus(st.wagered);
    expect(lines.toFixed(2)).toBe(st.closingBalance);
  });

  it("refuses a malformed month with a message", async () => {
    const { userId } = await createTestUser(services());
    // Years PostgreSQL cannot hold (0) or a month whose end it cannot (9999-12 ends in 10000): 400s, not 500s.
    for (const month of ["2026-13", "2026-1", "november", "2026-11-01", "0000-01", "9999-12"]) {
      const error = await expectAppError(getMonthlyStatement(services(), userId, { month }), "BAD_REQUEST");
      expect(error.message).toContain("month must be a month as YYYY-MM");
    }
  });
});

describe("the ledger as CSV", () => {
  it("writes a header and each entry of the days asked for, RFC 4180 quoted, amounts exact", async () => {
    const { userId, entries } = await accountAcrossMonths();
    const boundary = await exportLedgerCsv(services(), userId, { from: "2026-10-31", to: "2026-11-01" });
    expect(boundary.filename).toBe("prizepacks-ledger-2026-10-31-to-2026-11-01.csv");
    expect(boundary.rows).toBe(2);
    const [open1, open2] = [entries.open1, entries.open2];
    const spin1 = open1.spinId!;
    expect(boundary.csv).toBe(
      "date,kind,amount,balance_after,description,note,entry_id,spin_id,inventory_item_id\r\n" +
        `2026-10-31T23:59:59.999Z,PACK_OPEN,-3.00,97.00,Opened ${await packName(spin1)}: Flat Mug worth 2.70,,${open1.id},${spin1},\r\n` +
        `2026-11-01T00:00:00.000Z,PACK_OPEN,-3.00,94.00,Opened ${await packName(spin1)}: Flat Mug worth 2.70,,${open2.id},${open2.spinId},\r\n`,
    );

    const december = await exportLedgerCsv(services(), userId, { from: "2026-11-21", to: "2026-12-31" });
    expect(december.csv.split("\r\n").slice(1)).toEqual([
      `2026-11-21T12:00:00.000Z,ITEM_SALE,2.70,93.70,Sold Flat Mug,,${entries.sale.id},,${entries.sale.inventoryItemId}`,
      // A quote, a comma and a line break: quoted, the quote doubled, the line break kept.
      `2026-12-01T00:00:00.000Z,ADJUSTMENT,1.25,94.95,Adjustment by an operator,"Goodwill, ""sorry""`,
      `second line",${entries.goodwill.id},,`,
      // What a spreadsheet would run as a formula is text.
      `2026-12-02T00:00:00.000Z,ADJUSTMENT,0.05,95.00,Adjustment by an operator,'=HYPERLINK(1),${entries.formula.id},,`,
      "",
    ]);

    const none = await exportLedgerCsv(services(), userId, { from: "2027-01-01", to: "2027-01-01" });
    expect(none).toMatchObject({ rows: 0, csv: "date,kind,amount,balance_after,description,note,entry_id,spin_id,inventory_item_id\r\n" });
  });

  it("refuses a range that is malformed, does not exist or runs backwards", async () => {
    const { userId } = await createTestUser(services());
    const cases: Array<[{ from: string; to: string }, string]> = [
      [{ from: "2026-11-30", to: "2026-11-01" }, "to must not be before from"],
      [{ from: "2026-02-30", to: "2026-03-01" }, "from must be a date that exists"],
      [{ from: "2026-11-01", to: "tomorrow" }, "to must be a date as YYYY-MM-DD"],
      [{ from: "", to: "2026-11-01" }, "from must be a date as YYYY-MM-DD"],
      [{ from: "0000-01-01", to: "2026-11-01" }, "from must be a date as YYYY-MM-DD"],
      [{ from: "2026-11-01", to: "9999-12-31" }, "to must be a date as YYYY-MM-DD"],
    ];
    for (const [range, message] of cases) {
      const error = await expectAppError(exportLedgerCsv(services(), userId, range), "BAD_REQUEST");
      expect(error.message).toContain(message);
    }
  });
});

/**
 * Deposits, opens three packs, sells one item, ships one (its fee paid) and another whose
 * shipment is cancelled (its fee given back), gets an operator's credit, enters a battle and
 * cancels it (its entry given back), and withdraws twice: one reserved, one rejected (given back).
 */
async function everyKindButBattles(s: Services, userId: string, packSlug: string) {
  await creditWallet(s, { userId, amount: parseMoney("200.00"), kind: "DEPOSIT", note: "demo deposit" });
  const items = [];
  for (let i = 0; i < 3; i++) items.push((await openPack(s, { userId, idOrSlug: packSlug })).inventoryItem.id);
  await sellInventoryItems(s, { userId, inventoryItemIds: [items[0]!] });
  const address = await createAddress(s, userId, {
    name: "Jane Doe",
    line1: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    country: "US",
  });
  await requestShipment(s, { userId, inventoryItemIds: [items[1]!], addressId: address.id });
  const cancelled = await requestShipment(s, { userId, inventoryItemIds: [items[2]!], addressId: address.id });
  await cancelShipment(s, userId, cancelled.id);
  await creditWallet(s, { userId, amount: parseMoney("0.35"), kind: "ADJUSTMENT", note: "goodwill" });
  await cancelledBattle(s, userId, [packSlug]);
  const destination = await db().payoutDestination.create({
    data: {
      id: newId(),
      userId,
      payoutMethodId: "BTC-CHAIN",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      label: "cold wallet",
      status: "confirmed",
      confirmedAt: new Date(Date.now() - 2 * 86_400_000),
      usableAt: new Date(Date.now() - 86_400_000),
    },
  });
  await verifyIdentity(s, userId);
  await requestWithdrawal(s, { userId, amount: "25.00", destinationId: destination.id });
  const rejected = await requestWithdrawal(s, { userId, amount: "12.34", destinationId: destination.id });
  const row = await db().withdrawal.findUniqueOrThrow({ where: { id: rejected.id } });
  await db().$transaction((tx) => giveBack(tx, row, "rejected", "test", { decidedBy: "an admin", decidedAt: new Date() }));
}

describe("player summary", () => {
  it("sums the whole history: wagered, won, net, realised return, deposits and withdrawals", async () => {
    const s = { ...(await withBeaconAhead(services())), payouts: new DemoPayoutProvider() };
    const pack = await createTestPack(s, { price: "3.00", items: flatItems });
    const { userId } = await createTestUser(s);
    expect(await getPlayerSummary(s, userId)).toEqual({
      openings: 0,
      battles: 0,
      wagered: "0.00",
      won: "0.00",
      net: "0.00",
      realisedReturnPercent: null,
      deposits: "0.00",
      withdrawals: "0.00",
    });
    // A deposit of 200.00, three openings at 3.00 winning 2.70 each, a cancelled battle (its
    // entry given back), a withdrawal of 25.00 and one of 12.34 rejected (given back).
    await everyKindButBattles(s, userId, pack.slug);
    const summary = await getPlayerSummary(s, userId);
    expect(summary).toEqual({
      openings: 3,
      battles: 0,
      wagered: "9.00",
      won: "8.10",
      net: "-0.90",
      realisedReturnPercent: "90.0",
      deposits: "200.00",
      withdrawals: "25.00",
    });
    // The same rule as the statements': every entry is in this month, so its statement agrees.
    const statement = await getMonthlyStatement(s, userId);
    expect(summary).toMatchObject({
      wagered: statement.wagered,
      won: statement.won,
      net: statement.net,
      deposits: statement.deposits,
      withdrawals: statement.withdrawals,
    });
  });
});

/**
 * Moves the account's ledger, oldest first, to one entry every three days from late June 2026
 * (its openings and items with it), so its statements span several months.
 */
async function spreadOverMonths(userId: string) {
  await db().$executeRaw`
    UPDATE ledger_entry l SET "createdAt" = timestamp '2026-06-20' + o.n * interval '3 days 1 hour'
    FROM (SELECT id, row_number() OVER (ORDER BY "createdAt", id) AS n FROM ledger_entry WHERE "userId" = ${userId}) o
    WHERE l.id = o.id`;
  await db().$executeRaw`
    UPDATE spin s SET "createdAt" = l."createdAt" FROM ledger_entry l WHERE l."spinId" = s.id AND l."userId" = ${userId}`;
  await db().$executeRaw`
    UPDATE inventory_item i SET "createdAt" = s."createdAt" FROM spin s WHERE s.id = i."spinId" AND i."userId" = ${userId}`;
  // A battle's items, when its last entry was paid (as if it settled at once).
  await db().$executeRaw`
    UPDATE inventory_item i SET "createdAt" = (
      SELECT max(l."createdAt") FROM ledger_entry l WHERE l."battleId" = i."battleId" AND l."userId" = i."userId")
    WHERE i."userId" = ${userId} AND i."battleId" IS NOT NULL`;
}

/**
 * What play came to in [from, to), from the rows themselves: the items won (openings' and
 * battles') at their values, plus the ledger's play entries (prices and entries paid, negative;
 * entries given back, positive).
 */
async function netOfPlay(userId: string, from: string, to: string): Promise<string> {
  const createdAt = { gte: new Date(from), lt: new Date(to) };
  const [spins, battleItems, play] = await Promise.all([
    db().spin.aggregate({ _sum: { value: true }, where: { userId, createdAt } }),
    db().inventoryItem.aggregate({ _sum: { value: true }, where: { userId, battleId: { not: null }, createdAt } }),
    db().ledgerEntry.aggregate({
      _sum: { amount: true },
      where: { userId, kind: { in: ["PACK_OPEN", "BATTLE_ENTRY", "BATTLE_REFUND"] }, createdAt },
    }),
  ]);
  return [spins._sum.value, battleItems._sum.value, play._sum.amount]
    .reduce<Money>((sum, amount) => sum.plus(amount ?? 0), new Money(0))
    .toFixed(2);
}

async function packName(spinId: string) {
  return (await db().spin.findUniqueOrThrow({ where: { id: spinId }, include: { pack: true } })).pack.name;
}

/**
 * Until another session of this test's database waits for a lock and none other is running a
 * statement: what was sent beside the waiting one has its answer.
 */
async function untilOnlyLockWaitersRun(session: SqlQuery): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    // A transaction sees pg_stat_activity as it was when first read in it, unless told to look again.
    await session.query(`SELECT pg_stat_clear_snapshot()`);
    const [row] = await session.query<{ waiting: number; running: number }>(
      `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS waiting,
         count(*) FILTER (WHERE wait_event_type IS DISTINCT FROM 'Lock')::int AS running
       FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (row!.waiting > 0 && row!.running === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("nobody waited for the lock this session holds");
}
