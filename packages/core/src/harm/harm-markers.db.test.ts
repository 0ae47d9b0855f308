import { describe, expect, it } from "vitest";
import { newId } from "@prizepacks/db/ids";
import { auditInvariants } from "../audit/audit.ts";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { parseMoney } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { setLimit } from "../protection/limits.ts";
import { createTestPack, createTestUser, verifyIdentity, type TestPackItem } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { DemoPayoutProvider } from "../withdrawals/demo-payout-provider.ts";
import { giveBack } from "../withdrawals/withdrawal-row.ts";
import { requestWithdrawal } from "../withdrawals/withdrawals.ts";
import { closeHarmCase } from "./cases.ts";
import { PLAY_COOLDOWN_SECONDS, evaluateAccount, evaluatePendingAccounts, queueNightlyEvaluation } from "./evaluate.ts";
import { setHarmRule, setHarmTimeZone } from "./rules.ts";
import type { HarmMarker } from "../contract/harm.ts";

const services = useTestServices();
const db = () => services().database.prisma;

/** One item worth 2.70 of a 3.00 pack. */
const flatItems: TestPackItem[] = [
  { key: "only", name: "Flat Mug", rarity: "COMMON", value: "2.70", image: "/images/test.svg", tickets: 100_000 },
];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function player(balance = "0.00") {
  return (await createTestUser(services(), { balance })).userId;
}

/** A deposit, moved `hoursAgo` back (apart from each other, so they are not a burst in one hour). */
async function depositHoursAgo(userId: string, amount: string, hoursAgo: number): Promise<string> {
  const id = await deposit(userId, amount);
  await entryAt(id, new Date(Date.now() - hoursAgo * HOUR));
  return id;
}

async function deposit(userId: string, amount: string): Promise<string> {
  await creditWallet(services(), { userId, amount: parseMoney(amount) });
  const entry = await db().ledgerEntry.findFirstOrThrow({
    where: { userId, kind: "DEPOSIT" },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return entry.id;
}

/** Moves one ledger entry to a moment in the past (the history a marker reads). */
async function entryAt(id: string, at: Date) {
  await db().ledgerEntry.update({ where: { id }, data: { createdAt: at } });
}

/** The account's plays (openings), each moved to the given moment. */
async function playsAt(userId: string, slug: string, moments: Date[]) {
  for (const at of moments) {
    const opened = await openPack(services(), { userId, idOrSlug: slug });
    const entry = await db().ledgerEntry.findUniqueOrThrow({ where: { spinId: opened.spin.id } });
    await entryAt(entry.id, at);
  }
}

/** The markers that are new for this account now. */
async function fired(userId: string): Promise<HarmMarker[]> {
  return (await evaluateAccount(services(), userId)).map((hit) => hit.marker).sort();
}

const openCases = (userId: string) => db().harmCase.findMany({ where: { userId, status: "open" }, include: { hitList: true } });

async function protectionEvent(userId: string, kind: string, at: Date) {
  await db().protectionEvent.create({
    data: { id: newId(), userId, kind, limitKind: "deposit", limitPeriod: "day", amount: "20.00", actor: "player", createdAt: at },
  });
}

describe("net deposits over 30 days", () => {
  it("fires at 150.00 and at 500.00, not below, counts withdrawals against deposits and forgets deposits older than 30 days", async () => {
    const userId = await player();
    await depositHoursAgo(userId, "400.00", 31 * 24);
    await depositHoursAgo(userId, "149.99", 10);
    expect(await fired(userId)).toEqual([]);
    await depositHoursAgo(userId, "0.01", 8);
    expect(await fired(userId)).toEqual(["net_deposits"]);
    const [harmCase] = await openCases(userId);
    expect(harmCase!.hitList[0]!.facts).toMatchObject({ deposited: "150.00", withdrawn: "0.00", net: "150.00", threshold: "150.00" });

    await depositHoursAgo(userId, "349.99", 6);
    // 499.99: a new deposit adds a hit to the open case; the higher rule waits.
    expect(await fired(userId)).toEqual(["net_deposits"]);
    await depositHoursAgo(userId, "0.02", 4);
    expect(await fired(userId)).toEqual(["net_deposits", "net_deposits_high"]);
    const cases = await openCases(userId);
    expect(cases.map((c) => [c.marker, c.hits]).sort()).toEqual([
      ["net_deposits", 3],
      ["net_deposits_high", 1],
    ]);
    expect(cases.find((c) => c.marker === "net_deposits_high")!.hitList[0]!.facts).toMatchObject({ net: "500.01" });
  });

  it("subtracts what was withdrawn: deposits of 200.00 with 60.00 withdrawn is 140.00", async () => {
    const userId = await player();
    await deposit(userId, "200.00");
    const destination = await db().payoutDestination.create({
      data: {
        id: newId(),
        userId,
        payoutMethodId: "BTC-CHAIN",
        address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        label: "cold wallet",
        status: "confirmed",
        confirmedAt: new Date(Date.now() - 2 * DAY),
        usableAt: new Date(Date.now() - DAY),
      },
    });
    await verifyIdentity(services(), userId);
    await requestWithdrawal(
      { ...services(), payouts: new DemoPayoutProvider() },
      { userId, amount: "60.00", destinationId: destination.id },
    );
    expect(await fired(userId)).toEqual([]);
  });
});

describe("deposits three or more times in an hour", () => {
  it("fires for three within 60 minutes, not for three over 61 minutes, and a fourth adds to the case", async () => {
    const now = Date.now();
    const userId = await player();
    const ids = [await deposit(userId, "10.00"), await deposit(userId, "10.00"), await deposit(userId, "10.00")];
    await entryAt(ids[0]!, new Date(now - 62 * MINUTE));
    await entryAt(ids[1]!, new Date(now - 30 * MINUTE));
    await entryAt(ids[2]!, new Date(now - MINUTE));
    expect(await fired(userId)).toEqual([]);
    await entryAt(ids[0]!, new Date(now - 61 * MINUTE - 500));
    expect(await fired(userId)).toEqual([]); // 60 min 0.5 s before the third: outside
    await entryAt(ids[0]!, new Date(now - 61 * MINUTE));
    expect(await fired(userId)).toEqual(["rapid_deposits"]); // exactly 60 minutes: inside
    expect((await openCases(userId))[0]!.hitList[0]!.facts).toMatchObject({ deposits: 3, total: "30.00", threshold: 3 });
    await deposit(userId, "10.00");
    expect(await fired(userId)).toEqual(["rapid_deposits"]);
    const [harmCase] = await openCases(userId);
    expect(harmCase!.hits).toBe(2);
  });

  it("two in an hour is not a hit", async () => {
    const userId = await player();
    await deposit(userId, "10.00");
    await deposit(userId, "10.00");
    expect(await fired(userId)).toEqual([]);
  });
});

describe("a deposit within 10 minutes of the balance reaching zero", () => {
  for (const [label, minutes, fires] of [
    ["at 10 minutes", 10, true],
    ["at 9 minutes", 9, true],
    ["at 10 minutes and 1 second", 10 + 1 / 60, false],
  ] as const) {
    it(`${label}: ${fires ? "fires" : "does not fire"}`, async () => {
      const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
      const userId = await player();
      const zeroAt = new Date(Date.now() - HOUR);
      const first = await deposit(userId, "3.00");
      await entryAt(first, new Date(zeroAt.getTime() - MINUTE));
      await playsAt(userId, pack.slug, [zeroAt]); // the balance is 0.00 after it
      const again = await deposit(userId, "5.00");
      await entryAt(again, new Date(zeroAt.getTime() + minutes * MINUTE));
      expect(await fired(userId)).toEqual(fires ? ["deposit_after_zero"] : []);
      if (fires) expect((await openCases(userId))[0]!.hitList[0]!.facts).toMatchObject({ zeroedBy: "PACK_OPEN", deposit: "5.00" });
    });
  }
});

describe("limits", () => {
  it("a limit raised twice in 30 days fires; once does not; a raise 31 days ago does not count", async () => {
    const userId = await player();
    await setLimit(services(), userId, { kind: "deposit", period: "day", amount: "10.00" });
    await protectionEvent(userId, "limit_raise_requested", new Date(Date.now() - 31 * DAY));
    await setLimit(services(), userId, { kind: "deposit", period: "day", amount: "20.00" });
    expect(await fired(userId)).toEqual([]);
    await setLimit(services(), userId, { kind: "deposit", period: "day", amount: null });
    expect(await fired(userId)).toEqual(["limit_raised"]);
    const facts = (await openCases(userId))[0]!.hitList[0]!.facts as { requests: unknown[] };
    expect(facts.requests).toHaveLength(2);
  });

  it("a limit reached on three days running fires; on three days with a gap it does not", async () => {
    const gap = await player();
    for (const daysAgo of [5, 4, 2]) await protectionEvent(gap, "limit_reached", new Date(Date.now() - daysAgo * DAY));
    expect(await fired(gap)).toEqual([]);
    const running = await player();
    for (const daysAgo of [4, 3]) await protectionEvent(running, "limit_reached", new Date(Date.now() - daysAgo * DAY));
    expect(await fired(running)).toEqual([]);
    await protectionEvent(running, "limit_reached", new Date(Date.now() - 2 * DAY));
    expect(await fired(running)).toEqual(["limit_reached_days"]);
    expect((await openCases(running))[0]!.hitList[0]!.facts).toMatchObject({ days: 3 });
  });
});

/** 02:30 UTC, `daysAgo` UTC days before today. */
const nightUtc = (daysAgo: number) => {
  const at = new Date(Date.now() - daysAgo * DAY);
  at.setUTCHours(2, 30, 0, 0);
  return at;
};

describe("play between midnight and 6 a.m. on 5 of 7 days", () => {
  it("fires on 5 nights, not on 4, and counts nights in the markers' time zone", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player("100.00");
    // Afternoon play never counts.
    const afternoon = new Date(Date.now() - DAY);
    afternoon.setUTCHours(15, 0, 0, 0);
    await playsAt(userId, pack.slug, [nightUtc(1), nightUtc(2), nightUtc(3), nightUtc(5), afternoon]);
    expect(await fired(userId)).toEqual([]);
    await playsAt(userId, pack.slug, [nightUtc(6)]);
    // In New York 02:30 UTC is the evening before: nothing at night there.
    await setHarmTimeZone(services(), CLI_ACTOR, { timeZone: "America/New_York" });
    try {
      expect(await fired(userId)).toEqual([]);
    } finally {
      await setHarmTimeZone(services(), CLI_ACTOR, { timeZone: "UTC" });
    }
    expect(await fired(userId)).toEqual(["night_play"]);
    expect(((await openCases(userId))[0]!.hitList[0]!.facts as { nights: unknown[] }).nights).toHaveLength(5);
  });
});

describe("a cancelled withdrawal followed by play", () => {
  async function withdrawnAndGivenBack(userId: string) {
    const destination = await db().payoutDestination.create({
      data: {
        id: newId(),
        userId,
        payoutMethodId: "BTC-CHAIN",
        address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        label: "cold wallet",
        status: "confirmed",
        confirmedAt: new Date(Date.now() - 2 * DAY),
        usableAt: new Date(Date.now() - DAY),
      },
    });
    const s = { ...services(), payouts: new DemoPayoutProvider() };
    await verifyIdentity(s, userId);
    const withdrawal = await requestWithdrawal(s, { userId, amount: "20.00", destinationId: destination.id });
    const row = await db().withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } });
    await db().$transaction((tx) => giveBack(tx, row, "failed", "the payout was cancelled at the payment server"));
    const back = await db().ledgerEntry.findFirstOrThrow({ where: { withdrawalId: withdrawal.id, kind: "WITHDRAWAL_RETURN" } });
    return { withdrawalId: withdrawal.id, returnedAt: back.createdAt };
  }

  it("fires for play within 24 hours of the money coming back, not without play, not for play 25 hours later", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player("50.00");
    const { withdrawalId, returnedAt } = await withdrawnAndGivenBack(userId);
    expect(await fired(userId)).toEqual([]);
    await playsAt(userId, pack.slug, [new Date(returnedAt.getTime() + 25 * HOUR)]);
    expect(await fired(userId)).toEqual([]);
    await playsAt(userId, pack.slug, [new Date(returnedAt.getTime() + 24 * HOUR)]);
    expect(await fired(userId)).toEqual(["reversal"]);
    const [harmCase] = await openCases(userId);
    expect(harmCase!.hitList[0]!).toMatchObject({
      key: withdrawalId,
      facts: { withdrawalState: "failed", returned: "20.00", playsWithinWindow: 1 },
    });
  });
});

describe("a session over 3 hours", () => {
  /** Plays every `gap` minutes from `span` minutes ago to 1 minute ago. */
  const session = (span: number, gap: number) => {
    const end = Date.now() - MINUTE;
    const moments: Date[] = [];
    for (let t = end - span * MINUTE; t <= end; t += gap * MINUTE) moments.push(new Date(t));
    if (moments.at(-1)!.getTime() !== end) moments.push(new Date(end));
    return moments;
  };

  it("fires for plays 30 minutes apart over 181 minutes; not over 180; not when a 31-minute gap splits it", async () => {
    const pack = await createTestPack(services(), { price: "1.00", items: [{ ...flatItems[0]!, value: "0.90" }] });
    const exactly = await player("100.00");
    await playsAt(exactly, pack.slug, session(180, 30));
    expect(await fired(exactly)).toEqual([]);
    const split = await player("100.00");
    await playsAt(split, pack.slug, [...session(100, 25).map((at) => new Date(at.getTime() - 131 * MINUTE)), ...session(100, 25)]);
    expect(await fired(split)).toEqual([]);
    const longer = await player("100.00");
    await playsAt(longer, pack.slug, session(181, 30));
    expect(await fired(longer)).toEqual(["long_session"]);
    expect((await openCases(longer))[0]!.hitList[0]!.facts).toMatchObject({ minutes: 181, gapMinutes: 30, plays: 8 });
    // Going on adds nothing: the session is one event however long it lasts.
    await openPack(services(), { userId: longer, idOrSlug: pack.slug });
    expect(await fired(longer)).toEqual([]);
  });
});

describe("dedup, rules and runs", () => {
  it("an event counts once: evaluating again adds nothing, a closed case stays closed until a new event, which opens a new case", async () => {
    const userId = await player();
    await deposit(userId, "150.00");
    expect(await fired(userId)).toEqual(["net_deposits"]);
    expect(await fired(userId)).toEqual([]);
    const [first] = await openCases(userId);
    await closeHarmCase(services(), CLI_ACTOR, { caseId: first!.id, outcome: "no_concern" });
    expect(await fired(userId)).toEqual([]);
    expect(await openCases(userId)).toEqual([]);
    await deposit(userId, "1.00");
    expect(await fired(userId)).toEqual(["net_deposits"]);
    const cases = await db().harmCase.findMany({ where: { userId }, orderBy: { openedAt: "asc" } });
    expect(cases.map((c) => c.status)).toEqual(["closed", "open"]);
  });

  it("a threshold changed in the console applies from the next evaluation and is logged with before and after", async () => {
    const userId = await player();
    await deposit(userId, "10.00");
    await deposit(userId, "10.00");
    const actor = CLI_ACTOR;
    await setHarmRule(services(), actor, { marker: "rapid_deposits", threshold: "2" });
    try {
      expect(await fired(userId)).toEqual(["rapid_deposits"]);
    } finally {
      await setHarmRule(services(), actor, { marker: "rapid_deposits", threshold: "3" });
    }
    const logged = await db().adminLog.findMany({
      where: { action: "harm.rule_set", targetId: "harm.rapid_deposits" },
      orderBy: { id: "asc" },
    });
    expect(logged.slice(-2).map((entry) => [entry.before, entry.after])).toEqual([
      [{ threshold: "3" }, { threshold: "2" }],
      [{ threshold: "2" }, { threshold: "3" }],
    ]);
  });

  it("refuses a threshold that is not whole for a count, more than 7 nights, zero, or an unknown time zone", async () => {
    for (const input of [
      { marker: "rapid_deposits", threshold: "2.5" },
      { marker: "night_play", threshold: "8" },
      { marker: "net_deposits", threshold: "0" },
      { marker: "net_deposits", threshold: "-1" },
      { marker: "no_such", threshold: "3" },
    ]) {
      await expect(setHarmRule(services(), CLI_ACTOR, input)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(setHarmTimeZone(services(), CLI_ACTOR, { timeZone: "Mars/Olympus" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("plays, deposits and withdrawals queue the account; the job evaluates each waiting account once across two instances", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const players = await Promise.all([player(), player(), player()]);
    for (const userId of players) {
      await deposit(userId, "150.00");
      await openPack(services(), { userId, idOrSlug: pack.slug });
    }
    const waiting = await db().harmPending.findMany({ where: { userId: { in: players } } });
    expect(waiting).toHaveLength(3);
    const [a, b] = await Promise.all([evaluatePendingAccounts(services()), evaluatePendingAccounts(services())]);
    expect(a + b).toBeGreaterThanOrEqual(3);
    expect(await db().harmPending.count({ where: { userId: { in: players } } })).toBe(0);
    for (const userId of players) expect((await openCases(userId)).map((c) => c.marker)).toEqual(["net_deposits"]);
  });

  it("an account that keeps playing waits out its cooldown; money moving is evaluated on the next pass", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player("30.00");
    const pending = () => db().harmPending.findUnique({ where: { userId } });
    const evaluatedAt = async () => (await db().harmEvaluated.findUniqueOrThrow({ where: { userId } })).evaluatedAt;
    await openPack(services(), { userId, idOrSlug: pack.slug });
    await evaluatePendingAccounts(services());
    expect(await pending()).toBeNull();
    const first = await evaluatedAt();

    // Plays within the cooldown wait: queued, not evaluated, however many passes run.
    await openPack(services(), { userId, idOrSlug: pack.slug });
    await evaluatePendingAccounts(services());
    await evaluatePendingAccounts(services());
    expect(await pending()).toMatchObject({ urgent: false });
    expect(await evaluatedAt()).toEqual(first);

    // A deposit meanwhile is urgent: the next pass evaluates it, and its case opens.
    await deposit(userId, "150.00");
    expect(await pending()).toMatchObject({ urgent: true });
    await evaluatePendingAccounts(services());
    expect(await pending()).toBeNull();
    expect((await openCases(userId)).map((c) => c.marker)).toEqual(["net_deposits"]);

    // A play after it waits again, until its last evaluation is the cooldown old.
    await openPack(services(), { userId, idOrSlug: pack.slug });
    await evaluatePendingAccounts(services());
    expect(await pending()).not.toBeNull();
    await db().harmEvaluated.update({
      where: { userId },
      data: { evaluatedAt: new Date(Date.now() - (PLAY_COOLDOWN_SECONDS + 1) * 1000) },
    });
    await evaluatePendingAccounts(services());
    expect(await pending()).toBeNull();
    expect((await evaluatedAt()).getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it("an evaluation that fails puts the whole claimed batch back, each as urgent as it was", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const [depositor, playerA, playerB] = await Promise.all([player(), player("30.00"), player("30.00")]);
    await deposit(depositor, "20.00");
    for (const userId of [playerA, playerB]) await openPack(services(), { userId, idOrSlug: pack.slug });
    const waiting = async () =>
      (await db().harmPending.findMany({ where: { userId: { in: [depositor, playerA, playerB] } }, orderBy: { userId: "asc" } })).map(
        (row) => [row.userId, row.urgent],
      );
    const before = await waiting();
    expect(before).toHaveLength(3);
    const rule = await db().harmMarkerRule.findUniqueOrThrow({ where: { marker: "night_play" } });
    await db().harmMarkerRule.delete({ where: { marker: "night_play" } });
    try {
      await expect(evaluatePendingAccounts(services())).rejects.toThrow(/night_play/);
      expect(await waiting()).toEqual(before);
    } finally {
      await db().harmMarkerRule.create({ data: rule });
    }
    await evaluatePendingAccounts(services());
    expect(await waiting()).toEqual([]);
  });

  it("the nightly pass queues the accounts with activity, once a day", async () => {
    const userId = await player();
    await deposit(userId, "5.00");
    await db().harmPending.deleteMany({ where: { userId } });
    await db().harmSettings.update({ where: { id: 1 }, data: { nightlyRanOn: null } });
    const at = new Date();
    at.setUTCHours(4, 0, 0, 0);
    expect(await queueNightlyEvaluation(services(), at)).toBeGreaterThan(0);
    expect(await db().harmPending.findUnique({ where: { userId } })).not.toBeNull();
    expect(await queueNightlyEvaluation(services(), at)).toBe(0);
    const early = new Date(at);
    early.setUTCHours(1);
    expect(await queueNightlyEvaluation(services(), new Date(early.getTime() + DAY))).toBe(0);
  });

  it("hits change nothing for the player, and the books stay sound", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items: flatItems });
    const userId = await player();
    await deposit(userId, "600.00");
    expect(await fired(userId)).toEqual(["net_deposits", "net_deposits_high"]);
    await openPack(services(), { userId, idOrSlug: pack.slug });
    await deposit(userId, "1.00");
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });
});
