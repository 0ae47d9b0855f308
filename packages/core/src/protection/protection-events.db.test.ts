import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listAdminLog } from "../admin-log/admin-log.ts";
import { parseMoney } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { getAccountProtectionForAdmin } from "./account-protection-for-admin.ts";
import { excludeOnPlayersRequest } from "./exclusions.ts";
import { setLimit } from "./limits.ts";
import { listProtectionEvents, listSaferPlayAccounts } from "./protection-events.ts";

const services = useTestServices();
const db = () => services().database.prisma;
const open = (userId: string, slug: string) => openPack(services(), { userId, idOrSlug: slug });

async function createAdmin() {
  const { userId, email } = await createTestUser(services());
  await db().user.update({ where: { id: userId }, data: { role: "admin" } });
  return { id: userId, email };
}

describe("the protection event log", () => {
  it("records a limit hit once per limit and hour, however often and concurrently it is hit", async () => {
    const pack = await createTestPack(services(), { price: "3.00" });
    const { userId } = await createTestUser(services(), { balance: "100.00" });
    await setLimit(services(), userId, { kind: "wager", period: "day", amount: "5.00" });
    await open(userId, pack.slug);
    const refusals = await Promise.allSettled(Array.from({ length: 10 }, () => open(userId, pack.slug)));
    expect(refusals.every((outcome) => outcome.status === "rejected")).toBe(true);
    await expectAppError(open(userId, pack.slug), "LIMIT_REACHED");
    const hits = (await listProtectionEvents(services(), userId)).filter((event) => event.kind === "limit_reached");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ limitKind: "wager", limitPeriod: "day", amount: "5.00", actor: "player" });
    expect(hits[0]!.detail).toMatchObject({ channel: "open" });

    // Another limit is another event; a refused deposit is one too.
    await setLimit(services(), userId, { kind: "deposit", period: "week", amount: "10.00" });
    await expectAppError(creditWallet(services(), { userId, amount: parseMoney("10.01") }), "LIMIT_REACHED");
    await expectAppError(creditWallet(services(), { userId, amount: parseMoney("20.00") }), "LIMIT_REACHED");
    const after = (await listProtectionEvents(services(), userId)).filter((event) => event.kind === "limit_reached");
    expect(after.map((event) => [event.limitKind, event.limitPeriod, (event.detail as { channel: string }).channel])).toEqual([
      ["deposit", "week", "deposit"],
      ["wager", "day", "open"],
    ]);
  });

  it("records raise and removal requests, not a lower limit", async () => {
    const { userId } = await createTestUser(services());
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "20.00" });
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "10.00" });
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: "50.00" });
    await setLimit(services(), userId, { kind: "loss", period: "week", amount: null });
    const events = await listProtectionEvents(services(), userId);
    expect(events.map((event) => [event.kind, event.amount, (event.detail as { current: string }).current])).toEqual([
      ["limit_removal_requested", null, "10.00"],
      ["limit_raise_requested", "50.00", "10.00"],
    ]);
  });

  it("cannot be edited or erased", async () => {
    const { userId } = await createTestUser(services());
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: "1.00" });
    await setLimit(services(), userId, { kind: "loss", period: "day", amount: "2.00" });
    await expect(db().$executeRaw`UPDATE protection_event SET amount = 1 WHERE "userId" = ${userId}`).rejects.toThrow(/append-only/);
    await expect(db().$executeRaw`DELETE FROM protection_event WHERE "userId" = ${userId}`).rejects.toThrow(/append-only/);
  });
});

describe("the console's view of player protection", () => {
  it("lists accounts that hit a limit or asked for a raise in the last 30 days, newest first, a page at a time", async () => {
    const pack = await createTestPack(services(), { price: "3.00" });
    const hitter = await createTestUser(services(), { balance: "10.00" });
    await setLimit(services(), hitter.userId, { kind: "wager", period: "day", amount: "1.00" });
    await expectAppError(open(hitter.userId, pack.slug), "LIMIT_REACHED");
    const raiser = await createTestUser(services());
    await setLimit(services(), raiser.userId, { kind: "deposit", period: "month", amount: "5.00" });
    await setLimit(services(), raiser.userId, { kind: "deposit", period: "month", amount: "500.00" });
    const old = await createTestUser(services());
    await db().$executeRaw`INSERT INTO protection_event (id, "userId", kind, "limitKind", "limitPeriod", amount, actor, "createdAt")
      VALUES (${randomUUID()}, ${old.userId}, 'limit_raise_requested', 'deposit', 'month', 50, 'player', now() - interval '31 days')`;
    const lowered = await createTestUser(services());
    await setLimit(services(), lowered.userId, { kind: "loss", period: "day", amount: "5.00" });
    const excluded = await createTestUser(services());
    await setLimit(services(), excluded.userId, { kind: "loss", period: "day", amount: "5.00" });
    await setLimit(services(), excluded.userId, { kind: "loss", period: "day", amount: "6.00" });
    const admin = await createAdmin();
    await excludeOnPlayersRequest(services(), admin, {
      userId: excluded.userId,
      period: "7d",
      confirmation: excluded.email.toUpperCase(),
      requestKey: randomUUID(),
    });

    const seen = [];
    let cursor: string | undefined;
    do {
      const page = await listSaferPlayAccounts(services(), { cursor, limit: 1 });
      expect(page.accounts.length).toBeLessThanOrEqual(1);
      seen.push(...page.accounts);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // Earlier tests of this file add accounts of their own (older): ours come first, in order.
    expect(new Set(seen.map((account) => account.userId)).size).toBe(seen.length);
    expect(seen.slice(0, 3).map((account) => account.email)).toEqual([excluded.email, raiser.email, hitter.email]);
    expect(seen.map((account) => account.email)).not.toContain(old.email);
    expect(seen.map((account) => account.email)).not.toContain(lowered.email);
    expect(seen.slice(0, 3).map((account) => [account.limitHits, account.raiseRequests, account.excluded])).toEqual([
      [0, 1, true],
      [0, 1, false],
      [1, 0, false],
    ]);
    const all = await listSaferPlayAccounts(services(), {});
    expect(all).toEqual({ accounts: seen, nextCursor: null });
    await expectAppError(listSaferPlayAccounts(services(), { cursor: "not-a-cursor" }), "BAD_REQUEST");
  });

  it("excludes on the player's request with the e-mail typed back, once per request, in both logs, and shows it", async () => {
    const { userId, email } = await createTestUser(services());
    const admin = await createAdmin();
    const refused = await expectAppError(
      excludeOnPlayersRequest(services(), admin, { userId, period: "6m", confirmation: "someone@else", requestKey: randomUUID() }),
      "BAD_REQUEST",
    );
    expect(refused.message).toContain(`type the account's e-mail (${email})`);
    await expectAppError(excludeOnPlayersRequest(services(), admin, { userId, period: "6m", confirmation: email }), "BAD_REQUEST");
    const requestKey = randomUUID();
    const first = await excludeOnPlayersRequest(services(), admin, { userId, period: "6m", confirmation: email, requestKey });
    const again = await excludeOnPlayersRequest(services(), admin, { userId, period: "6m", confirmation: email, requestKey });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ kind: "self_exclusion", period: "6m" });
    // A shorter one is an attempt to shorten it: refused and recorded.
    await expectAppError(
      excludeOnPlayersRequest(services(), admin, { userId, period: "24h", confirmation: email, requestKey: randomUUID() }),
      "EXCLUDED",
    );

    const log = await listAdminLog(services(), { targetId: userId });
    expect(log.entries.map((entry) => [entry.action, entry.actor])).toEqual([["account.excluded", admin.email]]);
    const shown = await getAccountProtectionForAdmin(services(), { userId });
    expect(shown.protection.exclusion).toEqual(first);
    expect(shown.events.map((event) => [event.kind, event.actor, event.exclusionPeriod])).toEqual([
      ["exclusion_refused", `operator:${admin.email}`, "6m"],
      ["exclusion_set", `operator:${admin.email}`, "6m"],
    ]);
    await expectAppError(getAccountProtectionForAdmin(services(), { userId: "no-such-account" }), "NOT_FOUND");
  });
});
