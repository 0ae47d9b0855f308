import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { createTestUser, uniqueEmail } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { adjustBalance, revokeAccountKeyAsAdmin, setAccountRole, setAccountStanding } from "./account-admin.ts";
import { decidePendingCredit, listPendingCredits } from "./pending-credits.ts";

const services = useTestServices();
const database = () => services().database;

/** A real admin account, acting from the console (so with an id, as adminProcedure builds it). */
async function consoleAdmin(): Promise<AdminActor> {
  const db = database().prisma;
  const email = uniqueEmail("admin");
  const user = await createTestUser(services(), { email });
  await db.user.update({ where: { id: user.userId }, data: { role: "admin" } });
  return { id: user.userId, email };
}

const balanceOf = async (userId: string) => (await database().prisma.wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2);

describe("console mutations apply once per submission", () => {
  it("a credit submitted twice with one key applies once and the repeat replays the result", async () => {
    const db = database().prisma;
    const admin = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "10.00" });
    const submission = {
      userId: player.userId,
      direction: "credit" as const,
      amount: "25.00",
      reason: "goodwill",
      requestKey: randomUUID(),
    };
    const first = await adjustBalance(services(), admin, submission);
    const second = await adjustBalance(services(), admin, submission);
    expect(first).toEqual({ status: "applied", userId: player.userId, amount: "25.00", balance: "35.00" });
    expect(second).toEqual(first);
    expect(await balanceOf(player.userId)).toBe("35.00");
    // One credit besides the starting balance (itself an ADJUSTMENT, noted "initial balance").
    expect(await db.ledgerEntry.count({ where: { userId: player.userId, kind: "ADJUSTMENT", NOT: { note: "initial balance" } } })).toBe(1);
    // A new submission (a new key) is a new credit.
    await adjustBalance(services(), admin, { ...submission, requestKey: randomUUID() });
    expect(await balanceOf(player.userId)).toBe("60.00");
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("the same key sent five times at once applies once", async () => {
    const db = database().prisma;
    const admin = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "0.00" });
    const submission = {
      userId: player.userId,
      direction: "credit" as const,
      amount: "7.77",
      reason: "double click",
      requestKey: randomUUID(),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => adjustBalance(services(), admin, submission)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await balanceOf(player.userId)).toBe("7.77");
    // One credit besides the starting balance (itself an ADJUSTMENT, noted "initial balance").
    expect(await db.ledgerEntry.count({ where: { userId: player.userId, kind: "ADJUSTMENT", NOT: { note: "initial balance" } } })).toBe(1);
    const log = await listAdminLog(services(), { targetId: player.userId, action: "wallet.adjusted" });
    expect(log.entries).toHaveLength(1);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("a key is one admin's: another admin's same key is another request; reusing it for another action is a conflict", async () => {
    const [alice, bob] = [await consoleAdmin(), await consoleAdmin()];
    const player = await createTestUser(services(), { balance: "1.00" });
    const requestKey = randomUUID();
    await adjustBalance(services(), alice, {
      userId: player.userId,
      direction: "credit",
      amount: "1.00",
      reason: "from alice",
      requestKey,
    });
    await adjustBalance(services(), bob, { userId: player.userId, direction: "credit", amount: "1.00", reason: "from bob", requestKey });
    expect(await balanceOf(player.userId)).toBe("3.00");
    await expectAppError(setAccountStanding(services(), alice, { userId: player.userId, action: "verify", requestKey }), "CONFLICT");
  });

  it("a failed change releases its key: the same submission may try again", async () => {
    const admin = await consoleAdmin();
    const player = await createTestUser(services(), { balance: "1.00" });
    const submission = {
      userId: player.userId,
      direction: "debit" as const,
      amount: "2.00",
      reason: "chargeback",
      requestKey: randomUUID(),
    };
    await expectAppError(adjustBalance(services(), admin, submission), "INSUFFICIENT_BALANCE");
    await adjustBalance(services(), admin, { ...submission, direction: "credit", amount: "5.00", requestKey: randomUUID() });
    expect(await adjustBalance(services(), admin, submission)).toMatchObject({ status: "applied", balance: "4.00" });
  });

  it("a console admin must send a key; the CLI needs none", async () => {
    const admin = await consoleAdmin();
    const player = await createTestUser(services());
    const error = await expectAppError(
      adjustBalance(services(), admin, { userId: player.userId, direction: "credit", amount: "1.00", reason: "no key" }),
      "BAD_REQUEST",
    );
    expect(error.message).toMatch(/requestKey/);
    await expectAppError(
      adjustBalance(services(), admin, { userId: player.userId, direction: "credit", amount: "1.00", reason: "bad key", requestKey: "1" }),
      "BAD_REQUEST",
    );
  });

  it("ban, delete and role changes need the account's e-mail typed back; a revoked key replays", async () => {
    const db = database().prisma;
    const admin = await consoleAdmin();
    const player = await createTestUser(services());
    const email = (await db.user.findUniqueOrThrow({ where: { id: player.userId } })).email;
    for (const action of ["ban", "delete"] as const) {
      const error = await expectAppError(
        setAccountStanding(services(), admin, {
          userId: player.userId,
          action,
          reason: "fraud ring",
          requestKey: randomUUID(),
          confirmation: "yes",
        }),
        "BAD_REQUEST",
      );
      expect(error.message).toContain(email);
    }
    await expectAppError(
      setAccountRole(services(), admin, { userId: player.userId, role: "admin", requestKey: randomUUID() }),
      "BAD_REQUEST",
    );
    expect((await db.user.findUniqueOrThrow({ where: { id: player.userId } })).banned).toBe(false);
    await setAccountStanding(services(), admin, {
      userId: player.userId,
      action: "ban",
      reason: "fraud ring",
      requestKey: randomUUID(),
      confirmation: ` ${email.toUpperCase()} `,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: player.userId } })).banned).toBe(true);
    // A grant waits for a second admin (four-eyes.db.test.ts).
    expect(
      await setAccountRole(services(), admin, { userId: player.userId, role: "admin", requestKey: randomUUID(), confirmation: email }),
    ).toMatchObject({ status: "pending" });
    expect((await db.user.findUniqueOrThrow({ where: { id: player.userId } })).role).toBeNull();
    const revoke = { apiKeyId: player.apiKeyId, requestKey: randomUUID() };
    const revoked = await revokeAccountKeyAsAdmin(services(), admin, revoke);
    expect(await revokeAccountKeyAsAdmin(services(), admin, revoke)).toEqual(revoked);
    expect(await db.adminLog.count({ where: { action: "key.revoked", targetId: player.apiKeyId } })).toBe(1);
  });
});

describe("credits above ADMIN_CREDIT_APPROVAL_ABOVE (1000.00 by default) wait for a second admin", () => {
  it("a credit at the threshold applies; above it waits, untouched, until another admin approves", async () => {
    const [requester, approver] = [await consoleAdmin(), await consoleAdmin()];
    const player = await createTestUser(services(), { balance: "5.00" });
    expect(
      await adjustBalance(services(), requester, {
        userId: player.userId,
        direction: "credit",
        amount: "1000.00",
        reason: "at the threshold",
        requestKey: randomUUID(),
      }),
    ).toMatchObject({ status: "applied", balance: "1005.00" });
    const asked = await adjustBalance(services(), requester, {
      userId: player.userId,
      direction: "credit",
      amount: "1000000.00",
      reason: "tournament prize",
      requestKey: randomUUID(),
    });
    expect(asked).toMatchObject({ status: "pending", amount: "1000000.00", approvalAbove: "1000.00" });
    if (asked.status !== "pending") throw new Error("expected a pending credit");
    expect(await balanceOf(player.userId)).toBe("1005.00");
    expect((await listPendingCredits(services())).find((credit) => credit.id === asked.pendingCreditId)).toMatchObject({
      amount: "1000000.00",
      requestedBy: requester.email,
      reason: "tournament prize",
    });

    const own = await expectAppError(
      decidePendingCredit(services(), requester, { pendingCreditId: asked.pendingCreditId, decision: "approve", requestKey: randomUUID() }),
      "FORBIDDEN",
    );
    expect(own.message).toMatch(/another admin/);
    expect(await balanceOf(player.userId)).toBe("1005.00");

    const approval = { pendingCreditId: asked.pendingCreditId, decision: "approve" as const, requestKey: randomUUID() };
    const [one, two] = await Promise.all([
      decidePendingCredit(services(), approver, approval),
      decidePendingCredit(services(), approver, approval),
    ]);
    expect(one).toEqual({ pendingCreditId: asked.pendingCreditId, status: "approved", balance: "1001005.00" });
    expect(two).toEqual(one);
    expect(await balanceOf(player.userId)).toBe("1001005.00");
    await expectAppError(
      decidePendingCredit(services(), approver, { pendingCreditId: asked.pendingCreditId, decision: "reject", requestKey: randomUUID() }),
      "CONFLICT",
    );
    expect((await listPendingCredits(services())).some((credit) => credit.id === asked.pendingCreditId)).toBe(false);

    const log = await listAdminLog(services(), { targetId: player.userId });
    expect(log.entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ["wallet.adjusted", approver.email],
      ["credit.approved", approver.email],
      ["credit.requested", requester.email],
      ["wallet.adjusted", requester.email],
    ]);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("a rejected credit leaves the balance; debits and CLI credits never wait", async () => {
    const [requester, approver] = [await consoleAdmin(), await consoleAdmin()];
    const player = await createTestUser(services(), { balance: "5000.00" });
    const asked = await adjustBalance(services(), requester, {
      userId: player.userId,
      direction: "credit",
      amount: "1000.01",
      reason: "too generous",
      requestKey: randomUUID(),
    });
    if (asked.status !== "pending") throw new Error("expected a pending credit");
    expect(
      await decidePendingCredit(services(), approver, {
        pendingCreditId: asked.pendingCreditId,
        decision: "reject",
        requestKey: randomUUID(),
      }),
    ).toEqual({ pendingCreditId: asked.pendingCreditId, status: "rejected", balance: null });
    expect(await balanceOf(player.userId)).toBe("5000.00");
    expect(
      await adjustBalance(services(), requester, {
        userId: player.userId,
        direction: "debit",
        amount: "4000.00",
        reason: "chargeback",
        requestKey: randomUUID(),
      }),
    ).toMatchObject({ status: "applied", balance: "1000.00" });
    const cli = { id: null, email: "cli" };
    expect(
      await adjustBalance(services(), cli, { userId: player.userId, direction: "credit", amount: "2000.00", reason: "at the machine" }),
    ).toMatchObject({
      status: "applied",
      balance: "3000.00",
    });
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });
});
