import { Prisma } from "@prizepacks/db/prisma";
import { describe, expect, it } from "vitest";
import { summarizeSpinHistory } from "../history/list-spin-history.ts";
import { formatMoney, Money } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { getMonthlyStatement } from "../statements/statements.ts";
import { cancelledBattle, settledBattle, withBeaconAhead } from "../testing/battles.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import type { PlanNode } from "../testing/query-plans.ts";
import { useTestServices } from "../testing/vitest.ts";
import { playTotalsSql } from "./play-totals.ts";
import { getRealityCheck } from "./reality-check.ts";

const services = useTestServices();

/** What the account's battle items were worth when won. */
async function battleWinnings(userId: string, battleId: string): Promise<Money> {
  const items = await services().database.prisma.inventoryItem.findMany({ where: { userId, battleId } });
  return items.reduce((sum, item) => sum.plus(item.value), new Money(0));
}

describe("every net a player is shown counts battles beside openings", () => {
  it("a player who lost a settled battle sees its entry paid in the reality check, the history's totals and the statement", async () => {
    const s = await withBeaconAhead(services());
    const pack = await createTestPack(s, { price: "1.99" });
    const alice = await createTestUser(s, { balance: "20.00" });
    const bob = await createTestUser(s, { balance: "20.00" });
    const [sinceAlice, sinceBob] = [await getRealityCheck(s, alice.userId), await getRealityCheck(s, bob.userId)];
    const openedBy = new Map<string, Money>();
    for (const { userId } of [alice, bob]) openedBy.set(userId, new Money((await openPack(s, { userId, idOrSlug: pack.slug })).item.value));
    // Entered and given back: costs nothing, is no battle played.
    await cancelledBattle(s, alice.userId, [pack.slug]);
    const battle = await settledBattle(s, alice.userId, bob.userId, [pack.slug, pack.slug]);
    expect(battle.entry).toBe("3.98");

    const since = new Map<string, string>([
      [alice.userId, sinceAlice.since],
      [bob.userId, sinceBob.since],
    ]);
    for (const userId of [battle.loserId, battle.winnerId]) {
      const won = openedBy.get(userId)!.plus(await battleWinnings(userId, battle.battleId));
      const expected = { openings: 1, battles: 1, paid: "5.97", won: formatMoney(won), net: formatMoney(won.minus("5.97")) };
      expect(await getRealityCheck(s, userId, { since: since.get(userId)! })).toMatchObject(expected);
      expect(await summarizeSpinHistory(s, { userId })).toEqual(expected);
      expect(await getMonthlyStatement(s, userId)).toMatchObject({ openings: 1, wagered: "5.97", won: expected.won, net: expected.net });
    }
    // The loser's battle alone: 3.98 paid, nothing won.
    const loserOpened = openedBy.get(battle.loserId)!;
    expect(await getRealityCheck(s, battle.loserId, { since: since.get(battle.loserId)! })).toMatchObject({
      won: formatMoney(loserOpened),
      net: formatMoney(loserOpened.minus("1.99").minus("3.98")),
    });
    // A pack's totals stay that pack's openings: a battle is of several packs.
    expect(await summarizeSpinHistory(s, { userId: battle.loserId, packId: pack.id })).toEqual({
      openings: 1,
      battles: 0,
      paid: "1.99",
      won: formatMoney(loserOpened),
      net: formatMoney(loserOpened.minus("1.99")),
    });
  });
});

describe("the play totals' cost", () => {
  it("a session's totals read the session's rows, not the player's whole history", async () => {
    const s = await withBeaconAhead(services());
    const db = s.database.prisma;
    const pack = await createTestPack(s, { price: "1.00" });
    const alice = await createTestUser(s, { balance: "50.00" });
    const bob = await createTestUser(s, { balance: "50.00" });
    // Years of play before this session: 5 openings, 20 battles entered and given back, 5 played.
    for (let i = 0; i < 5; i++) await openPack(s, { userId: alice.userId, idOrSlug: pack.slug });
    for (let i = 0; i < 20; i++) await cancelledBattle(s, alice.userId, [pack.slug]);
    for (let i = 0; i < 5; i++) await settledBattle(s, alice.userId, bob.userId, [pack.slug]);
    for (const table of ["ledger_entry", "spin", "inventory_item"]) {
      await db.$executeRawUnsafe(`UPDATE ${table} SET "createdAt" = timestamp '2020-01-01' WHERE "userId" = $1`, alice.userId);
    }
    const session = await getRealityCheck(s, alice.userId);
    await settledBattle(s, alice.userId, bob.userId, [pack.slug]);

    expect(await getRealityCheck(s, alice.userId, { since: session.since })).toMatchObject({ openings: 0, battles: 1, paid: "1.00" });
    const [explained] = await db.$queryRaw<Array<{ "QUERY PLAN": Array<{ Plan: ScanNode }> }>>(
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${playTotalsSql(alice.userId, { from: new Date(session.since) })}`,
    );
    // The session's battle is a few rows (its entry, read by the count and by the wager and loss
    // sums, its entries by battle, its items); the history before it is over a hundred.
    expect(rowsRead(explained!["QUERY PLAN"][0]!.Plan)).toBeLessThanOrEqual(10);
  });
});

type ScanNode = PlanNode & { "Actual Rows"?: number; "Actual Loops"?: number; Plans?: ScanNode[] };

/** Rows the plan's nodes took in, kept or filtered out, over all their loops (EXPLAIN gives both per loop). */
function rowsRead(node: ScanNode): number {
  const own =
    "Relation Name" in node ? ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0)) * (node["Actual Loops"] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}
