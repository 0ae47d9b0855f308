import { describe, expect, it } from "vitest";
import { listAdminLog } from "../admin-log/admin-log.ts";
import { createUser } from "../users/users.ts";
import { useTestServices } from "../testing/vitest.ts";
import { runAdminCommand } from "./commands.ts";

const services = useTestServices();

describe("wallet:credit", () => {
  it("credits like the console does: an ADJUSTMENT entry with its admin log entry, by the CLI", async () => {
    const { userId, email } = await createUser(services(), { email: `cli-credit-${Date.now()}@test.prizepacks.local` });
    const outcome = await runAdminCommand(services(), "wallet:credit", { email, amount: "2.50" });
    expect(outcome).toMatchObject({ ok: true, result: { balance: "2.50" } });
    const { entries } = await listAdminLog(services(), { actor: "cli", targetId: userId });
    expect(entries.map((entry) => entry.action)).toEqual(["wallet.adjusted"]);
    const ledger = await services().database.prisma.ledgerEntry.findMany({ where: { userId }, select: { kind: true, amount: true } });
    expect(ledger.map((entry) => [entry.kind, entry.amount.toFixed(2)])).toEqual([["ADJUSTMENT", "2.50"]]);
  });
});

describe("user:create --balance", () => {
  it("credits the starting balance as wallet:credit does, with its admin log entry", async () => {
    const email = `cli-create-${Date.now()}@test.prizepacks.local`;
    const outcome = await runAdminCommand(services(), "user:create", { email, balance: "7.25" });
    expect(outcome).toMatchObject({ ok: true, result: { email } });
    const userId = outcome.result.userId as string;
    const { entries } = await listAdminLog(services(), { actor: "cli", targetId: userId });
    expect(entries.map((entry) => entry.action)).toEqual(["wallet.adjusted"]);
    expect(JSON.stringify(entries[0]!.after)).toContain("initial balance");
    const ledger = await services().database.prisma.ledgerEntry.findMany({ where: { userId }, select: { kind: true, amount: true } });
    expect(ledger.map((entry) => [entry.kind, entry.amount.toFixed(2)])).toEqual([["ADJUSTMENT", "7.25"]]);
  });

  it("logs nothing for an account created without a balance", async () => {
    const outcome = await runAdminCommand(services(), "user:create", { email: `cli-create-empty-${Date.now()}@test.prizepacks.local` });
    const userId = outcome.result.userId as string;
    expect((await listAdminLog(services(), { actor: "cli", targetId: userId })).entries).toEqual([]);
  });
});
