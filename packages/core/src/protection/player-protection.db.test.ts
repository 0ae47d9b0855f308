import { describe, expect, it } from "vitest";
import { listAdminLog } from "../admin-log/admin-log.ts";
import { runAdminCommand } from "../admin/commands.ts";
import { AppError } from "../errors.ts";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser, type TestPackItem } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getAccount } from "../users/account.ts";
import { creditWallet, getBalance } from "../wallet/wallet.ts";
import { parseMoney } from "../money.ts";
import { liftExclusion, requestResume, setExclusion } from "./exclusions.ts";
import { listProtectionEvents } from "./protection-events.ts";
import { confirmLimitChange, getPlayerProtection, setLimit } from "./limits.ts";

const services = useTestServices();
const db = () => services().database.prisma;

/** One item worth 2.70 of a 3.00 pack: every opening loses exactly 0.30. */
const flatItems: TestPackItem[] = [
  { key: "only", name: "Flat Mug", rarity: "COMMON", value: "2.70", image: "/images/test.svg", tickets: 100_000 },
];

async function player(balance = "100.00") {
  return (await createTestUser(services(), { balance })).userId;
}

const open = (userId: string, slug: string) => openPack(services(), { userId, idOrSlug: slug });

/** Moves the account's spins (all, or those given) back in time by the interval, in SQL. */
async function age(userId: string, interval: string, spinIds?: string[]) {
  await db().$executeRawUnsafe(
    `UPDATE spin SET "createdAt" = "createdAt" - $2::interval WHERE "userId" = $1 AND ($3::text[] IS NULL OR id = ANY($3::text[]))`,
    userId,
    interval,
    spinIds ?? null,
  );
}

const windows = { day: "24 hours", week: "7 days", month: "30 days" } as const;

describe("spending limits", () => {
  for (const kind of ["wager", "loss"] as const) {
    for (const period of ["day", "week", "month"] as const) {
      it(`a ${kind} limit a ${period} refuses the opening that would pass it until the first one leaves its rolling window`, async () => {
        const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
        const userId = await player();
        // wager: 3.00 + 3.00 > 5.00. loss (the item counted as 0 before the draw): 0.30 + 3.00 > 3.20.
        await setLimit(services(), userId, { kind, period, amount: kind === "wager" ? "5.00" : "3.20" });
        const first = await open(userId, pack.slug);
        const refused = await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
        expect(refused.status).toBe(403);
        const spin = await db().spin.findUniqueOrThrow({ where: { id: first.spin.id } });
        expect(refused.details.protection).toEqual({
          kind,
          period,
          resetsAt: new Date(spin.createdAt.getTime() + { day: 1, week: 7, month: 30 }[period] * 86_400_000).toISOString(),
        });
        expect((await getBalance(services(), userId)).toFixed(2)).toBe("97.00");

        // One minute before the edge it still counts; at the edge it has left.
        await age(userId, `${windows[period]} - 1 minute`);
        await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
        await age(userId, "1 minute");
        await open(userId, pack.slug);
      });
    }
  }

  for (const period of ["day", "week", "month"] as const) {
    it(`a deposit limit a ${period} refuses the deposit that would pass it, and counts only deposits in the window`, async () => {
      const userId = await player("0.00");
      await setLimit(services(), userId, { kind: "deposit", period, amount: "50.00" });
      await creditWallet(services(), { userId, amount: parseMoney("30.00") });
      const refused = await expectAppError(creditWallet(services(), { userId, amount: parseMoney("20.01") }), "LIMIT_REACHED");
      expect(refused.details.protection).toMatchObject({ kind: "deposit", period });
      expect(refused.message).toContain("$30.00 counts now");
      await creditWallet(services(), { userId, amount: parseMoney("20.00") });
      expect((await getBalance(services(), userId)).toFixed(2)).toBe("50.00");
      // Adjustments (operator corrections) are not deposits.
      await creditWallet(services(), { userId, amount: parseMoney("5.00"), kind: "ADJUSTMENT" });
      await db().$executeRawUnsafe(
        `UPDATE ledger_entry SET "createdAt" = "createdAt" - $2::interval WHERE "userId" = $1`,
        userId,
        windows[period],
      );
      await creditWallet(services(), { userId, amount: parseMoney("50.00") });
    });
  }

  it("reports what counts against each limit now, and the tightest limit binds", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    await setLimit(services(), userId, { kind: "wager", period: "day", amount: "100.00" });
    await setLimit(services(), userId, { kind: "wager", period: "week", amount: "7.00" });
    await setLimit(services(), userId, { kind: "loss", period: "month", amount: "50.00" });
    await open(userId, pack.slug);
    await open(userId, pack.slug);
    const refused = await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
    expect(refused.details.protection).toMatchObject({ kind: "wager", period: "week" });
    const protection = await getPlayerProtection(services(), userId);
    expect(protection.limits).toMatchObject([
      { kind: "wager", period: "day", amount: "100.00", used: "6.00", remaining: "94.00" },
      { kind: "wager", period: "week", amount: "7.00", used: "6.00", remaining: "1.00" },
      { kind: "loss", period: "month", amount: "50.00", used: "0.60", remaining: "49.40" },
    ]);
    // The first opening is the oldest that counts: it leaves each window one window after it.
    const [first] = await db().spin.findMany({ where: { userId }, orderBy: { createdAt: "asc" }, take: 1 });
    const leaves = (days: number) => new Date(first!.createdAt.getTime() + days * 86_400_000).toISOString();
    expect(protection.limits.map((limit) => limit.oldestCountsUntil)).toEqual([leaves(1), leaves(7), leaves(30)]);
    expect(protection.pending).toEqual([]);
    expect(protection.exclusion).toBeNull();
  });

  it("resetsAt is the first moment the remainder leaves room, even when an earlier win (a negative loss) leaves first", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    const spins = [];
    for (let i = 0; i < 3; i++) spins.push((await open(userId, pack.slug)).spin.id);
    // Losses -3.00 (a win, 20 h ago), 3.00 (10 h ago), 3.00 (5 h ago): 3.00 in the window.
    await db().$executeRawUnsafe(
      `UPDATE spin SET value = v.value::numeric, "createdAt" = now() - v.ago::interval
       FROM (VALUES ($1, '6.00', '20 hours'), ($2, '0.00', '10 hours'), ($3, '0.00', '5 hours')) AS v(id, value, ago)
       WHERE spin.id = v.id`,
      ...spins,
    );
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: "5.00" });
    const refused = await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
    // Once the win leaves, 6.00 counts; once the first loss leaves, 3.00 (3 + 3 > 5 still);
    // only when the last leaves does 0 + 3.00 fit.
    const last = await db().spin.findUniqueOrThrow({ where: { id: spins[2]! } });
    expect(refused.details.protection?.resetsAt).toBe(new Date(last.createdAt.getTime() + 86_400_000).toISOString());
    expect((await getPlayerProtection(services(), userId)).limits[0]).toMatchObject({ used: "3.00", remaining: "2.00" });
  });

  it("marks the wallet of an account that sets a limit, so open_pack checks only those", async () => {
    const userId = await player();
    const flag = async () => (await db().wallet.findUniqueOrThrow({ where: { userId } })).hasProtection;
    expect(await flag()).toBe(false);
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: "5.00" });
    expect(await flag()).toBe(true);
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: null });
    expect(await flag()).toBe(true);
  });

  it("a price above the limit itself can never pass: resetsAt is null", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    await setLimit(services(), userId, { kind: "wager", period: "day", amount: "2.00" });
    const refused = await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
    expect(refused.details.protection).toEqual({ kind: "wager", period: "day", resetsAt: null });
    expect(refused.message).toContain("this alone is more than the limit");
  });

  it("a lower limit applies at once; a raise or removal waits 24 h, then needs confirming within 7 days", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    expect((await setLimit(services(), userId, { kind: "wager", period: "day", amount: "10.00" })).applied?.amount).toBe("10.00");
    const lowered = await setLimit(services(), userId, { kind: "wager", period: "day", amount: "5.00" });
    expect(lowered).toEqual({
      applied: { kind: "wager", period: "day", amount: "5.00", used: "0.00", remaining: "5.00", oldestCountsUntil: null },
      pending: null,
    });

    const raised = await setLimit(services(), userId, { kind: "wager", period: "day", amount: "20.00" });
    expect(raised.applied).toBeNull();
    expect(raised.pending).toMatchObject({ kind: "wager", period: "day", amount: "20.00" });
    const requested = Date.parse(raised.pending!.requestedAt);
    expect(Date.parse(raised.pending!.confirmableAt) - requested).toBe(24 * 3_600_000);
    expect(Date.parse(raised.pending!.lapsesAt) - requested).toBe(8 * 24 * 3_600_000);
    // The old limit binds meanwhile, and cannot be confirmed early.
    await open(userId, pack.slug);
    await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
    await expectAppError(confirmLimitChange(services(), userId, { kind: "wager", period: "day" }), "CONFLICT");
    expect((await getPlayerProtection(services(), userId)).pending).toHaveLength(1);

    await db().$executeRaw`UPDATE spending_limit_change SET "requestedAt" = "requestedAt" - interval '25 hours',
      "confirmableAt" = "confirmableAt" - interval '25 hours', "lapsesAt" = "lapsesAt" - interval '25 hours' WHERE "userId" = ${userId}`;
    const confirmed = await confirmLimitChange(services(), userId, { kind: "wager", period: "day" });
    expect(confirmed.limits).toMatchObject([{ kind: "wager", period: "day", amount: "20.00", used: "3.00", remaining: "17.00" }]);
    expect(confirmed.pending).toEqual([]);
    await open(userId, pack.slug);

    // A removal is pending too; confirmed, the limit is gone.
    expect((await setLimit(services(), userId, { kind: "wager", period: "day", amount: null })).pending?.amount).toBeNull();
    expect((await getPlayerProtection(services(), userId)).limits).toHaveLength(1);
    await db().$executeRaw`UPDATE spending_limit_change SET "requestedAt" = "requestedAt" - interval '25 hours',
      "confirmableAt" = "confirmableAt" - interval '25 hours', "lapsesAt" = "lapsesAt" - interval '25 hours' WHERE "userId" = ${userId} AND "confirmedAt" IS NULL`;
    expect((await confirmLimitChange(services(), userId, { kind: "wager", period: "day" })).limits).toEqual([]);
  });

  it("an unconfirmed raise lapses after its 7 days and the old limit stays; a lower limit replaces a pending raise", async () => {
    const userId = await player();
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "5.00" });
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "50.00" });
    await db().$executeRaw`UPDATE spending_limit_change SET "requestedAt" = "requestedAt" - interval '8 days 1 second',
      "confirmableAt" = "confirmableAt" - interval '8 days 1 second', "lapsesAt" = "lapsesAt" - interval '8 days 1 second' WHERE "userId" = ${userId}`;
    const lapsed = await expectAppError(confirmLimitChange(services(), userId, { kind: "loss", period: "week" }), "NOT_FOUND");
    expect(lapsed.message).toContain("lapsed");
    const protection = await getPlayerProtection(services(), userId);
    expect(protection.pending).toEqual([]);
    expect(protection.limits.map((l) => l.amount)).toEqual(["5.00"]);

    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "40.00" });
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "4.00" });
    const after = await getPlayerProtection(services(), userId);
    expect(after.pending).toEqual([]);
    expect(after.limits.map((l) => l.amount)).toEqual(["4.00"]);
  });

  it("refuses malformed limits with a message", async () => {
    const userId = await player();
    for (const amount of ["0", "-1.00", "1.234", "abc"]) {
      const error = await expectAppError(setLimit(services(), userId, { kind: "loss", period: "day", amount }), "BAD_REQUEST");
      expect(error.message).toMatch(/amount/);
    }
    await expectAppError(setLimit(services(), userId, { kind: "fun" as "loss", period: "day", amount: "1.00" }), "BAD_REQUEST");
    await expectAppError(setLimit(services(), userId, { kind: "loss", period: "year" as "day", amount: "1.00" }), "BAD_REQUEST");
  });

  it("100 concurrent openings of one account end at or under its loss limit", async () => {
    const pack = await createTestPack(services(), { price: "3.00" });
    const userId = await player("1000.00");
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: "10.00" });
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => open(userId, pack.slug)));
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => (o.reason as AppError).code);
    // On a slow machine some may also meet the account queue's 4 s bound (503, nothing done).
    expect(refusals).toContain("LIMIT_REACHED");
    expect(refusals.every((code) => code === "LIMIT_REACHED" || code === "UNAVAILABLE")).toBe(true);
    const [{ loss }] = await db().$queryRaw<
      [{ loss: string }]
    >`SELECT sum(price - value)::text AS loss FROM spin WHERE "userId" = ${userId}`;
    expect(parseMoney(loss.replace("-", "")).toNumber()).toBeGreaterThan(0);
    expect(Number(loss)).toBeLessThanOrEqual(10);
    // Every success was allowed worst-case: before it, what counted plus its price fit.
    const spins = await db().spin.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
    let counted = 0;
    for (const spin of spins) {
      expect(counted + 3).toBeLessThanOrEqual(10);
      counted += Number(spin.price.minus(spin.value));
    }
    expect(outcomes.length - refusals.length).toBe(spins.length);
  });
});

describe("time-outs and self-exclusion", () => {
  it("a time-out refuses openings and deposits with its end, and leaves reading and selling", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player("10.00");
    const opened = await open(userId, pack.slug);
    const exclusion = await setExclusion(services(), userId, { period: "7d" }, { player: true });
    expect(exclusion.kind).toBe("timeout");
    expect(Date.parse(exclusion.endsAt!) - Date.parse(exclusion.startsAt)).toBe(7 * 86_400_000);

    const refused = await expectAppError(open(userId, pack.slug), "EXCLUDED");
    expect(refused.status).toBe(403);
    expect(refused.details.protection).toEqual({ kind: "timeout", period: "7d", endsAt: exclusion.endsAt, resumesAt: null });
    expect(refused.message).toContain(`until ${exclusion.endsAt}`);
    await expectAppError(creditWallet(services(), { userId, amount: parseMoney("5.00") }), "EXCLUDED");
    expect((await getBalance(services(), userId)).toFixed(2)).toBe("7.00");

    expect((await getAccount(services(), userId)).id).toBe(userId);
    expect((await getPlayerProtection(services(), userId)).exclusion).toEqual(exclusion);
    const sold = await sellInventoryItems(services(), { userId, inventoryItemIds: [opened.inventoryItem.id] });
    expect(sold.total).toBe("2.70");
    // An empty wallet still hears EXCLUDED, not INSUFFICIENT_BALANCE.
    const broke = await player("0.00");
    await setExclusion(services(), broke, { period: "24h" }, { player: true });
    await expectAppError(open(broke, pack.slug), "EXCLUDED");
  });

  it("a permanent self-exclusion has no end date", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    const exclusion = await setExclusion(services(), userId, { period: "permanent" }, { operator: { id: null, email: "cli" } });
    expect(exclusion).toMatchObject({ kind: "self_exclusion", period: "permanent", endsAt: null });
    const refused = await expectAppError(open(userId, pack.slug), "EXCLUDED");
    expect(refused.details.protection).toMatchObject({ endsAt: null });
    expect(refused.message).toContain("permanently");
  });

  it("nobody can shorten or lift one early: every attempt is refused and logged, and SQL cannot either", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    const exclusion = await setExclusion(services(), userId, { period: "1y" }, { player: true });
    const operator = { operator: { id: null, email: "cli" } };

    // One after another (each a thunk): the log is read once all are refused.
    for (const attempt of [
      () => setExclusion(services(), userId, { period: "24h" }, { player: true }),
      () => setExclusion(services(), userId, { period: "6m" }, operator),
      () => liftExclusion(services(), userId, operator),
      () => liftExclusion(services(), userId, { player: true }),
      () => requestResume(services(), userId),
    ]) {
      const refused = await expectAppError(attempt(), "EXCLUDED");
      expect(refused.message).toContain("cannot be shortened or lifted");
      expect(refused.details.protection).toMatchObject({ endsAt: exclusion.endsAt });
    }
    const refusals = (await listProtectionEvents(services(), userId)).filter((event) => event.kind === "exclusion_refused");
    expect(refusals.map((event) => `${event.actor} ${(event.detail as { attempt: string }).attempt}`).sort()).toEqual(
      ["operator:cli lift", "operator:cli set 6m", "player lift", "player resume", "player set 24h"].sort(),
    );
    expect((await listAdminLog(services(), { targetId: userId, action: "account.excluded" })).entries).toHaveLength(1);

    await expect(db().$executeRaw`UPDATE player_exclusion SET "endsAt" = now() WHERE "userId" = ${userId}`).rejects.toThrow();
    await expect(db().$executeRaw`DELETE FROM player_exclusion WHERE "userId" = ${userId}`).rejects.toThrow();
    await expectAppError(open(userId, pack.slug), "EXCLUDED");

    // A longer one extends it.
    expect((await setExclusion(services(), userId, { period: "5y" }, { player: true })).period).toBe("5y");
  });

  it("the admin CLI sets one on the player's request (logged) and cannot shorten or lift it", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const { userId, email } = await createTestUser(services(), { balance: "10.00" });
    const { result } = await runAdminCommand(services(), "user:exclude", { email, period: "6m" });
    expect(result).toMatchObject({ kind: "self_exclusion", period: "6m" });
    await expectAppError(open(userId, pack.slug), "EXCLUDED");
    await expectAppError(runAdminCommand(services(), "user:exclude", { email, period: "30d" }), "EXCLUDED");
    await expectAppError(runAdminCommand(services(), "user:unexclude", { email }), "EXCLUDED");
    await expectAppError(runAdminCommand(services(), "user:exclude", { email, period: "2w" }), "BAD_REQUEST");
    const log = await listAdminLog(services(), { targetId: userId, actor: "cli" });
    expect(log.entries.map((entry) => entry.action)).toEqual(["account.excluded"]);
    const events = await listProtectionEvents(services(), userId);
    expect(events.map((event) => [event.kind, event.actor, event.exclusionPeriod])).toEqual([
      ["exclusion_refused", "operator:cli", "6m"],
      ["exclusion_refused", "operator:cli", "6m"],
      ["exclusion_set", "operator:cli", "6m"],
    ]);
  });

  it("after a self-exclusion ends, play resumes only 24 h after the player asks", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const ended = await player();
    await db().$executeRaw`INSERT INTO player_exclusion (id, "userId", kind, period, "startsAt", "endsAt", "setBy")
      VALUES (${`ex_${ended}`}, ${ended}, 'self_exclusion', '6m', now() - interval '7 months', now() - interval '1 day', 'player')`;
    const refused = await expectAppError(open(ended, pack.slug), "EXCLUDED");
    expect(refused.message).toContain("after you ask to resume");
    const resumed = await requestResume(services(), ended);
    expect(Date.parse(resumed.resumesAt!) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect((await expectAppError(open(ended, pack.slug), "EXCLUDED")).details.protection?.resumesAt).toBe(resumed.resumesAt);

    const asked = await player();
    await db().$executeRaw`INSERT INTO player_exclusion (id, "userId", kind, period, "startsAt", "endsAt", "setBy", "resumeRequestedAt")
      VALUES (${`ex_${asked}`}, ${asked}, 'self_exclusion', '6m', now() - interval '7 months', now() - interval '2 days', 'player', now() - interval '24 hours 1 second')`;
    await open(asked, pack.slug);
    expect((await getPlayerProtection(services(), asked)).exclusion).toBeNull();
  });

  it("an ended time-out needs no request", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    await db().$executeRaw`INSERT INTO player_exclusion (id, "userId", kind, period, "startsAt", "endsAt", "setBy")
      VALUES (${`ex_${userId}`}, ${userId}, 'timeout', '24h', now() - interval '25 hours', now() - interval '1 hour', 'player')`;
    await open(userId, pack.slug);
  });
});
