import { describe, expect, it } from "vitest";
import { CLI_ACTOR, listAdminLog } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { runAdminCommand } from "../admin/commands.ts";
import { authenticateApiKey } from "../keys/api-keys.ts";
import { createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { adjustBalance, revokeAccountKeyAsAdmin, setAccountStanding } from "./account-admin.ts";

const services = useTestServices();
const database = () => services().database;
const admin = { id: null, email: "ops@test.prizepacks.local" };

describe("adjustBalance", () => {
  it("credits and debits through ADJUSTMENT ledger entries carrying the reason, logged, audit clean", async () => {
    const db = database().prisma;
    const user = await createTestUser(services(), { balance: "10.00" });
    expect(
      await adjustBalance(services(), admin, {
        userId: user.userId,
        direction: "credit",
        amount: "2.50",
        reason: "goodwill for a slow delivery",
      }),
    ).toMatchObject({
      amount: "2.50",
      balance: "12.50",
    });
    expect(
      await adjustBalance(services(), admin, { userId: user.userId, direction: "debit", amount: "12.50", reason: "chargeback" }),
    ).toMatchObject({
      amount: "-12.50",
      balance: "0.00",
    });
    const entries = await db.ledgerEntry.findMany({ where: { userId: user.userId, kind: "ADJUSTMENT" }, orderBy: { createdAt: "asc" } });
    expect(entries.map((entry) => [entry.amount.toFixed(2), entry.balanceAfter.toFixed(2), entry.note])).toEqual([
      ["10.00", "10.00", "initial balance"], // the starting balance is an operator's credit too
      ["2.50", "12.50", "goodwill for a slow delivery"],
      ["-12.50", "0.00", "chargeback"],
    ]);
    const log = await listAdminLog(services(), { targetId: user.userId, action: "wallet.adjusted" });
    expect(log.entries.map((entry) => [entry.actor, entry.before, entry.after])).toEqual([
      [admin.email, { balance: "12.50" }, { balance: "0.00", amount: "-12.50", reason: "chargeback" }],
      // A lone credit records the four-eyes thresholds in force (the audit judges it by them).
      [
        admin.email,
        { balance: "10.00" },
        {
          balance: "12.50",
          amount: "2.50",
          reason: "goodwill for a slow delivery",
          approvalAbove: "1000.00",
          dailyApprovalAbove: "5000.00",
        },
      ],
    ]);
    expect(log.entries[0]!.target).toMatchObject({ type: "account", email: user.email });
    const events = await db.accountEvent.findMany({
      where: { userId: user.userId, type: "wallet.changed" },
      orderBy: { id: "desc" },
      take: 1,
    });
    expect(events[0]!.data).toMatchObject({ balanceString: "0.00", amount: "-12.50", reason: "ADJUSTMENT", note: "chargeback" });
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("never takes a balance below zero, even when debits race; refuses a missing reason", async () => {
    const db = database().prisma;
    const user = await createTestUser(services(), { balance: "5.00" });
    const error = await expectAppError(
      adjustBalance(services(), admin, { userId: user.userId, direction: "debit", amount: "5.01", reason: "too much" }),
      "INSUFFICIENT_BALANCE",
    );
    expect(error.message).toMatch(/below zero/);
    await expectAppError(
      adjustBalance(services(), admin, { userId: user.userId, direction: "credit", amount: "1.00", reason: "" }),
      "BAD_REQUEST",
    );
    await expectAppError(
      adjustBalance(services(), admin, { userId: user.userId, direction: "credit", amount: "1.001", reason: "three decimals" }),
      "BAD_REQUEST",
    );

    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        adjustBalance(services(), admin, { userId: user.userId, direction: "debit", amount: "2.00", reason: "race" }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect((await db.wallet.findUniqueOrThrow({ where: { userId: user.userId } })).balance.toFixed(2)).toBe("1.00");
    // The database itself refuses a negative balance, whoever writes.
    await expect(db.$executeRaw`UPDATE wallet SET balance = -1 WHERE "userId" = ${user.userId}`).rejects.toThrow(
      /wallet_balance_nonnegative/,
    );
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("the CLI's wallet:adjust goes through the same rules, logged as cli", async () => {
    const user = await createTestUser(services(), { balance: "1.00" });
    const outcome = await runAdminCommand(services(), "wallet:adjust", {
      email: user.email,
      direction: "debit",
      amount: "1.00",
      reason: "test debit",
    });
    expect(outcome.result).toMatchObject({ balance: "0.00" });
    await expectAppError(
      runAdminCommand(services(), "wallet:adjust", { email: user.email, direction: "debit", amount: "0.01", reason: "test debit" }),
      "INSUFFICIENT_BALANCE",
    );
    expect((await listAdminLog(services(), { targetId: user.userId })).entries[0]).toMatchObject({
      actor: "cli",
      action: "wallet.adjusted",
    });
  });
});

describe("account standing, roles and keys", () => {
  it("bans with a reason, unbans, revokes keys and grants the admin role, each logged", async () => {
    const user = await createTestUser(services());
    await expectAppError(setAccountStanding(services(), admin, { userId: user.userId, action: "ban" }), "BAD_REQUEST");
    expect(await setAccountStanding(services(), admin, { userId: user.userId, action: "ban", reason: "chargeback fraud" })).toMatchObject({
      standing: "banned",
    });
    await expectAppError(authenticateApiKey(services(), user.apiKey), "FORBIDDEN");
    await setAccountStanding(services(), admin, { userId: user.userId, action: "unban", reason: "appeal accepted" });
    expect((await authenticateApiKey(services(), user.apiKey)).userId).toBe(user.userId);

    await revokeAccountKeyAsAdmin(services(), admin, { apiKeyId: user.apiKeyId });
    await expectAppError(authenticateApiKey(services(), user.apiKey), "UNAUTHORIZED");

    const granted = await runAdminCommand(services(), "user:set", { email: user.email, role: "admin" });
    expect(granted.result).toMatchObject({ role: "admin" });
    const actions = (await listAdminLog(services(), { targetId: user.userId })).entries.map((entry) => `${entry.actor} ${entry.action}`);
    expect(actions).toEqual([`cli account.role`, `${admin.email} account.unbanned`, `${admin.email} account.banned`]);
    expect((await listAdminLog(services(), { targetId: user.apiKeyId })).entries[0]).toMatchObject({ action: "key.revoked" });
    expect(CLI_ACTOR.email).toBe("cli");
  });
});
