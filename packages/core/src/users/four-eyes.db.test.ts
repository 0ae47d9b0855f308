import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { Prisma } from "@prizepacks/db/prisma";
import { CLI_ACTOR, listAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { decideSettingChange } from "../settings/decide-setting-change.ts";
import { listPendingSettingChanges, MONEY_SETTINGS } from "../settings/money-settings.ts";
import { createTestUser, uniqueEmail } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getWithdrawalSettings, setWithdrawalSettings } from "../withdrawals/withdrawals.ts";
import { approvesAutomatically } from "../withdrawals/auto-approval.ts";
import { adjustBalance, listPendingRoleGrants, setAccountRole } from "./account-admin.ts";
import { applyAdjustment } from "./apply-adjustment.ts";
import { decidePendingCredit } from "./pending-credits.ts";

// Four eyes on money against one admin acting alone (issue 34, item 1), with the default
// ADMIN_CREDIT_APPROVAL_ABOVE (1000.00) and ADMIN_CREDIT_DAILY_APPROVAL_ABOVE (5000.00).

const services = useTestServices();
const database = () => services().database;

async function consoleAdmin(): Promise<AdminActor> {
  const email = uniqueEmail("admin");
  const user = await createTestUser(services(), { email });
  await database().prisma.user.update({ where: { id: user.userId }, data: { role: "admin" } });
  return { id: user.userId, email };
}

const balanceOf = async (userId: string) => (await database().prisma.wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2);

const credit = (actor: AdminActor, userId: string, amount: string, direction: "credit" | "debit" = "credit") =>
  adjustBalance(services(), actor, { userId, direction, amount, reason: "goodwill", requestKey: randomUUID() });

const decide = (actor: AdminActor, pendingCreditId: string, decision: "approve" | "reject" = "approve") =>
  decidePendingCredit(services(), actor, { pendingCreditId, decision, requestKey: randomUUID() });

describe("no admin moves money to or from their own account", () => {
  it("an admin's credit or debit to their own account is refused; another admin's applies", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    await credit(bob, alice.id!, "50.00");
    for (const direction of ["credit", "debit"] as const) {
      const refused = await expectAppError(credit(alice, alice.id!, "10.00", direction), "FORBIDDEN");
      expect(refused.message).toMatch(/own account/);
    }
    expect(await balanceOf(alice.id!)).toBe("50.00");
    expect((await listAdminLog(services(), { targetId: alice.id!, action: "wallet.adjusted" })).entries).toHaveLength(1);
  });

  it("the credited admin cannot approve a credit to themselves; a third admin can", async () => {
    const [alice, bob, carol] = [await consoleAdmin(), await consoleAdmin(), await consoleAdmin()];
    const asked = await credit(bob, alice.id!, "1500.00");
    if (asked.status !== "pending") throw new Error("expected a pending credit");
    await expectAppError(decide(alice, asked.pendingCreditId), "FORBIDDEN");
    expect(await balanceOf(alice.id!)).toBe("0.00");
    expect(await decide(carol, asked.pendingCreditId)).toMatchObject({ status: "approved", balance: "1500.00" });
  });
});

describe("an admin's credits count together over 24 hours", () => {
  it("slices to one account wait like one large credit: 1000.00 applies, the next 1000.00 waits", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    const player = await createTestUser(services(), { balance: "0.00" });
    expect(await credit(alice, player.userId, "1000.00")).toMatchObject({ status: "applied", balance: "1000.00" });
    const second = await credit(alice, player.userId, "1000.00");
    expect(second).toMatchObject({ status: "pending", approvalAbove: "1000.00" });
    if (second.status !== "pending") throw new Error("expected a pending credit");
    expect(second.because).toMatch(/2000\.00/);
    expect(await credit(alice, player.userId, "0.01")).toMatchObject({ status: "pending" });
    expect(await balanceOf(player.userId)).toBe("1000.00");
    // A credit a second admin approved is not a lone one: it does not use up the requester's allowance.
    await decide(bob, second.pendingCreditId);
    expect(await balanceOf(player.userId)).toBe("2000.00");
    // Another admin's credits are their own count, and debits are not counted.
    expect(await credit(bob, player.userId, "1000.00")).toMatchObject({ status: "applied", balance: "3000.00" });
    expect(await credit(alice, player.userId, "5.00", "debit")).toMatchObject({ status: "applied" });
    expect(await credit(alice, player.userId, "0.01")).toMatchObject({ status: "pending" });
  });

  it("only credits of the last 24 hours count", async () => {
    const alice = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "0.00" });
    // The log is append-only (no UPDATE), so the earlier credits are written as entries dated back.
    const loggedCredit = (age: string) => database().prisma.$executeRaw`
      INSERT INTO admin_log ("actorId", actor, action, "targetType", "targetId", after, "createdAt")
      VALUES (${alice.id}, ${alice.email}, 'wallet.adjusted', 'account', ${player.userId},
              '{"amount": "1000.00", "reason": "earlier"}'::jsonb, now() - ${age}::interval)`;
    await loggedCredit("24 hours 1 minute");
    expect(await credit(alice, player.userId, "1000.00")).toMatchObject({ status: "applied", balance: "1000.00" });
    const other = await createTestUser(services(), { balance: "0.00" });
    await database().prisma.$executeRaw`
      INSERT INTO admin_log ("actorId", actor, action, "targetType", "targetId", after, "createdAt")
      VALUES (${alice.id}, ${alice.email}, 'wallet.adjusted', 'account', ${other.userId},
              '{"amount": "1000.00", "reason": "earlier"}'::jsonb, now() - interval '23 hours')`;
    expect(await credit(alice, other.userId, "0.01")).toMatchObject({ status: "pending" });
  });

  // Only PostgreSQL runs the ten at once: PGlite serves one connection, so they would queue and
  // pass without the advisory lock this is about.
  it.skipIf(!process.env.DATABASE_URL)("ten slices sent at once apply at most the threshold: the rest wait", async () => {
    const alice = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "0.00" });
    const results = await Promise.all(Array.from({ length: 10 }, () => credit(alice, player.userId, "300.00")));
    expect(results.filter((result) => result.status === "applied")).toHaveLength(3);
    expect(results.filter((result) => result.status === "pending")).toHaveLength(7);
    expect(await balanceOf(player.userId)).toBe("900.00");
  });

  it("one admin's credits over all accounts wait past the daily total (5000.00)", async () => {
    const alice = await consoleAdmin();
    const players = await Promise.all(Array.from({ length: 6 }, () => createTestUser(services(), { balance: "0.00" })));
    for (const player of players.slice(0, 5)) expect(await credit(alice, player.userId, "1000.00")).toMatchObject({ status: "applied" });
    const sixth = await credit(alice, players[5]!.userId, "1000.00");
    expect(sixth).toMatchObject({ status: "pending", approvalAbove: "5000.00" });
    if (sixth.status !== "pending") throw new Error("expected a pending credit");
    expect(sixth.because).toMatch(/all accounts.*6000\.00/);
    expect(await balanceOf(players[5]!.userId)).toBe("0.00");
  });

  it("the CLI is exempt but logged, and the audit flags (not fails) lone credits above the threshold", async () => {
    const player = await createTestUser(services(), { balance: "0.00" });
    const cli = await adjustBalance(services(), CLI_ACTOR, {
      userId: player.userId,
      direction: "credit",
      amount: "2500.00",
      reason: "at the machine",
    });
    expect(cli).toMatchObject({ status: "applied", balance: "2500.00" });
    const logged = await listAdminLog(services(), { targetId: player.userId, action: "wallet.adjusted" });
    expect(logged.entries.map((entry) => [entry.actor, entry.actorId])).toEqual([["cli", null]]);

    // Three slices of 1000.00 applied by one console admin alone, as the code before this rule let them be.
    const alice = await consoleAdmin();
    const victim = await createTestUser(services(), { balance: "0.00" });
    for (let i = 0; i < 3; i++)
      await database().prisma.$transaction((tx) =>
        applyAdjustment(services(), tx, alice, { userId: victim.userId, signed: new Prisma.Decimal("1000.00"), reason: "slice" }),
      );
    const report = await auditInvariants(services());
    expect(report.ok).toBe(true);
    // The CLI's credits are summed, not listed one by one.
    expect(report.flaggedCredits.filter((flag) => flag.userId === player.userId)).toEqual([]);
    expect(report.cliCredits.count).toBeGreaterThanOrEqual(1);
    expect(new Prisma.Decimal(report.cliCredits.total).greaterThanOrEqualTo("2500.00")).toBe(true);
    expect(report.flaggedCredits.filter((flag) => flag.userId === victim.userId).map((flag) => flag.windowTotal)).toEqual([
      "2000.00",
      "3000.00",
    ]);
  });
});

describe("raising a money setting waits for a second admin; lowering applies at once", () => {
  const setAuto = (actor: AdminActor, autoApproveBelow: string) =>
    setWithdrawalSettings(services(), actor, { autoApproveBelow, requestKey: randomUUID() });

  it("a raise waits, the requester cannot approve it, another admin can; a lowering is at once", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "10.00" }); // the operator, at once
    const raised = await setAuto(alice, "1999.99");
    expect(raised).toMatchObject({ status: "pending", current: "10.00", requested: "1999.99" });
    if (raised.status !== "pending") throw new Error("expected a pending change");
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "10.00" });
    expect((await listPendingSettingChanges(services())).find((change) => change.id === raised.pendingChangeId)).toMatchObject({
      setting: "withdrawal_auto_approve_below",
      current: "10.00",
      value: "1999.99",
      requestedBy: alice.email,
    });
    const own = await expectAppError(
      decideSettingChange(services(), alice, { pendingChangeId: raised.pendingChangeId, decision: "approve", requestKey: randomUUID() }),
      "FORBIDDEN",
    );
    expect(own.message).toMatch(/another admin/);

    // Lowering takes effect at once, even with a raise waiting, and supersedes that raise: it was
    // asked against 10.00, which is no longer in force.
    expect(await setAuto(alice, "5.00")).toEqual({ status: "applied", setting: "withdrawal_auto_approve_below", value: "5.00" });
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "5.00" });
    const stale = await expectAppError(
      decideSettingChange(services(), bob, { pendingChangeId: raised.pendingChangeId, decision: "approve", requestKey: randomUUID() }),
      "CONFLICT",
    );
    expect(stale.message).toMatch(/ask again/);
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "5.00" });
    expect((await listPendingSettingChanges(services())).map((change) => change.id)).not.toContain(raised.pendingChangeId);

    const again = await setAuto(alice, "1999.99");
    if (again.status !== "pending") throw new Error("expected a pending change");
    const approval = { pendingChangeId: again.pendingChangeId, decision: "approve" as const, requestKey: randomUUID() };
    const [one, two] = await Promise.all([decideSettingChange(services(), bob, approval), decideSettingChange(services(), bob, approval)]);
    expect(one).toEqual({
      pendingChangeId: again.pendingChangeId,
      status: "approved",
      setting: "withdrawal_auto_approve_below",
      value: "1999.99",
    });
    expect(two).toEqual(one);
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "1999.99" });
    await expectAppError(
      decideSettingChange(services(), bob, { pendingChangeId: again.pendingChangeId, decision: "reject", requestKey: randomUUID() }),
      "CONFLICT",
    );
    const log = await listAdminLog(services(), { targetId: "withdrawal_auto_approve_below" });
    expect(log.entries[0]?.target).toEqual({ type: "settings", name: MONEY_SETTINGS.withdrawal_auto_approve_below.label });
    expect(log.entries.slice(0, 4).map((entry) => [entry.action, entry.actor])).toEqual([
      ["settings.withdrawal_auto_approve", bob.email],
      ["settings.change_approved", bob.email],
      ["settings.change_requested", alice.email],
      ["settings.withdrawal_auto_approve", alice.email],
    ]);

    const rejected = await setAuto(bob, "3000.00");
    if (rejected.status !== "pending") throw new Error("expected a pending change");
    await decideSettingChange(services(), alice, {
      pendingChangeId: rejected.pendingChangeId,
      decision: "reject",
      requestKey: randomUUID(),
    });
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "1999.99" });
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
  });
});

describe("the audit's flags on lone credits", () => {
  /** A lone console credit's log entry, dated back (the log is append-only), with the thresholds it recorded if any. */
  const loggedCredit = (actor: AdminActor, userId: string, amount: string, age: string, recorded?: string) =>
    database().prisma.$executeRaw`
      INSERT INTO admin_log ("actorId", actor, action, "targetType", "targetId", after, "createdAt")
      VALUES (${actor.id}, ${actor.email}, 'wallet.adjusted', 'account', ${userId},
              ${JSON.stringify({ amount, reason: "earlier", ...(recorded && { approvalAbove: recorded, dailyApprovalAbove: recorded }) })}::jsonb,
              now() - ${age}::interval)`;

  it("a lone credit records the thresholds in force, and is judged by those; the window is 90 days unless told", async () => {
    const alice = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "0.00" });
    await credit(alice, player.userId, "10.00");
    const [entry] = (await listAdminLog(services(), { targetId: player.userId, action: "wallet.adjusted" })).entries;
    expect(entry?.after).toMatchObject({ amount: "10.00", approvalAbove: "1000.00", dailyApprovalAbove: "5000.00" });

    const [recorded, unrecorded, old] = await Promise.all([1, 2, 3].map(() => createTestUser(services(), { balance: "0.00" })));
    await loggedCredit(alice, recorded!.userId, "3000.00", "10 days", "5000.00"); // under the threshold of its day
    await loggedCredit(alice, unrecorded!.userId, "3000.00", "20 days"); // before thresholds were recorded: today's
    await loggedCredit(alice, old!.userId, "3000.00", "91 days");
    const flaggedFor = (report: Awaited<ReturnType<typeof auditInvariants>>) =>
      [recorded, unrecorded, old].map((user) => report.flaggedCredits.filter((flag) => flag.userId === user!.userId).length);
    const report = await auditInvariants(services());
    expect(report.creditWindowDays).toBe(90);
    expect(flaggedFor(report)).toEqual([0, 1, 0]);
    expect(flaggedFor(await auditInvariants(services(), { creditWindowDays: 120 }))).toEqual([0, 1, 1]);
  });
});

describe("each money setting says which change loosens it", () => {
  it("the rule follows the setting's loosens: were lowering the looser way, a lowering would wait and a raise apply", async () => {
    const alice = await consoleAdmin();
    const spec = MONEY_SETTINGS.withdrawal_auto_approve_below;
    expect([
      spec.loosens(new Prisma.Decimal(10), new Prisma.Decimal(20)),
      spec.loosens(new Prisma.Decimal(20), new Prisma.Decimal(10)),
    ]).toEqual([true, false]);
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "10.00" });
    const inverted = vi.spyOn(spec, "loosens").mockImplementation((before, after) => after.lessThan(before));
    try {
      const set = (value: string) => setWithdrawalSettings(services(), alice, { autoApproveBelow: value, requestKey: randomUUID() });
      expect(await set("5.00")).toMatchObject({ status: "pending" });
      expect(await set("20.00")).toMatchObject({ status: "applied" });
    } finally {
      inverted.mockRestore();
    }
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
  });
});

describe("a raise is approved only against the value it was asked for, and within 7 days", () => {
  const setAuto = (actor: AdminActor, autoApproveBelow: string) =>
    setWithdrawalSettings(services(), actor, { autoApproveBelow, requestKey: randomUUID() });
  const approve = (actor: AdminActor, pendingChangeId: string) =>
    decideSettingChange(services(), actor, { pendingChangeId, decision: "approve", requestKey: randomUUID() });

  it("of two raises, the first approved supersedes the other; a value changed outside the console is a conflict", async () => {
    const [alice, bob, carol] = [await consoleAdmin(), await consoleAdmin(), await consoleAdmin()];
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "10.00" });
    const small = await setAuto(alice, "50.00");
    const large = await setAuto(carol, "2000.00");
    if (small.status !== "pending" || large.status !== "pending") throw new Error("expected pending changes");
    await approve(bob, small.pendingChangeId);
    const superseded = await expectAppError(approve(bob, large.pendingChangeId), "CONFLICT");
    expect(superseded.message).toMatch(/took effect since/);
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "50.00" });

    // Changed under the pending row without superseding it (as by hand in SQL): still refused.
    const asked = await setAuto(alice, "300.00");
    if (asked.status !== "pending") throw new Error("expected a pending change");
    await database().prisma.withdrawalSettings.update({ where: { id: 1 }, data: { autoApproveBelow: new Prisma.Decimal("20.00") } });
    const changed = await expectAppError(approve(bob, asked.pendingChangeId), "CONFLICT");
    expect(changed.message).toMatch(/changed since \(50\.00 then, 20\.00 now\): ask again/);
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "20.00" });
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
  });

  it("a raise not decided within 7 days has expired: it is refused and no longer listed", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "10.00" });
    const asked = await setAuto(alice, "400.00");
    if (asked.status !== "pending") throw new Error("expected a pending change");
    await database().prisma.pendingSettingChange.update({
      where: { id: asked.pendingChangeId },
      data: { createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000) },
    });
    expect((await listPendingSettingChanges(services())).map((change) => change.id)).not.toContain(asked.pendingChangeId);
    const expired = await expectAppError(approve(bob, asked.pendingChangeId), "CONFLICT");
    expect(expired.message).toMatch(/expired/);
    expect(await getWithdrawalSettings(services())).toEqual({ autoApproveBelow: "10.00" });
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
  });
});

describe("who is an admin: a console grant waits for a second admin; nobody changes their own role", () => {
  const setRole = (actor: AdminActor, userId: string, email: string, role: "admin" | "player") =>
    setAccountRole(services(), actor, { userId, role, confirmation: email, requestKey: randomUUID() });
  const roleOf = async (userId: string) => (await database().prisma.user.findUniqueOrThrow({ where: { id: userId } })).role;

  it("an admin's grant to an account of their own waits; they cannot approve it; another admin can", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    const altEmail = uniqueEmail("alt");
    const alt = await createTestUser(services(), { email: altEmail });
    const asked = await setRole(alice, alt.userId, altEmail, "admin");
    expect(asked).toMatchObject({ status: "pending", role: "player" });
    if (asked.status !== "pending") throw new Error("expected a pending grant");
    expect(await roleOf(alt.userId)).toBeNull();
    expect((await listPendingRoleGrants(services())).find((grant) => grant.id === asked.pendingChangeId)).toMatchObject({
      userId: alt.userId,
      email: altEmail,
      requestedBy: alice.email,
    });
    await expectAppError(
      decideSettingChange(services(), alice, { pendingChangeId: asked.pendingChangeId, decision: "approve", requestKey: randomUUID() }),
      "FORBIDDEN",
    );
    expect(await roleOf(alt.userId)).toBeNull();
    expect(
      await decideSettingChange(services(), bob, { pendingChangeId: asked.pendingChangeId, decision: "approve", requestKey: randomUUID() }),
    ).toMatchObject({ status: "approved", setting: "account_role", value: "admin" });
    expect(await roleOf(alt.userId)).toBe("admin");
    const log = await listAdminLog(services(), { targetId: alt.userId });
    expect(log.entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ["account.role", bob.email],
      ["settings.change_approved", bob.email],
      ["account.role_requested", alice.email],
    ]);
  });

  it("no admin changes their own role; revoking another admin applies at once; the CLI grants at once, logged", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    const own = await expectAppError(setRole(alice, alice.id!, alice.email, "player"), "FORBIDDEN");
    expect(own.message).toMatch(/own role/);
    expect(await roleOf(alice.id!)).toBe("admin");
    expect(await setRole(bob, alice.id!, alice.email, "player")).toMatchObject({ status: "applied", role: "player" });
    expect(await roleOf(alice.id!)).toBeNull();
    expect(await setAccountRole(services(), CLI_ACTOR, { userId: alice.id!, role: "admin" })).toMatchObject({ status: "applied" });
    expect(await roleOf(alice.id!)).toBe("admin");
    expect((await listAdminLog(services(), { targetId: alice.id!, action: "account.role" })).entries.map((entry) => entry.actor)).toEqual([
      "cli",
      bob.email,
    ]);
  });

  it("an account that was an admin in the last 30 days is not approved automatically", async () => {
    const bob = await consoleAdmin();
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "100.00" });
    const approves = (userId: string) =>
      database().prisma.$transaction((tx) =>
        approvesAutomatically(tx, { userId, amount: new Prisma.Decimal("10.00"), balance: new Prisma.Decimal("500.00") }),
      );
    const formerEmail = uniqueEmail("former");
    const former = await createTestUser(services(), { email: formerEmail, balance: "0.00" });
    expect(await approves(former.userId)).toBe(true);
    await setAccountRole(services(), CLI_ACTOR, { userId: former.userId, role: "admin" });
    expect(await approves(former.userId)).toBe(false);
    await setRole(bob, former.userId, formerEmail, "player");
    expect(await approves(former.userId)).toBe(false);
    // Demoted 31 days ago (the log is append-only, so another account's entry is written dated back).
    const longAgo = await createTestUser(services(), { balance: "0.00" });
    await database().prisma.$executeRaw`
      INSERT INTO admin_log ("actorId", actor, action, "targetType", "targetId", before, after, "createdAt")
      VALUES (${bob.id}, ${bob.email}, 'account.role', 'account', ${longAgo.userId},
              '{"role": "admin"}'::jsonb, '{"role": "player"}'::jsonb, now() - interval '31 days')`;
    expect(await approves(longAgo.userId)).toBe(true);
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
  });
});
