import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, auditInvariants, createUser, creditWallet, DemoProvider, Money } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { uniqueEmail } from "@prizepacks/core/testing/fixtures";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";

// Demo mode (loopback, no BTCPay configured): deposits are the demo provider's play money,
// settled at once, through the same procedures and the same credit-once settlement.

let services: Services;
beforeAll(async () => {
  services = await openServices(await openTestDatabase());
});
afterAll(async () => {
  await services?.database.close();
});

const bot = (apiKey: string) =>
  createCaller(createContext({ source: "rest", services, headers: new Headers({ authorization: `Bearer ${apiKey}` }) }));

describe("demo deposits through /v1/deposits", () => {
  it("settle at once, credit once, and only demo mode's books accept them", async () => {
    expect(services.deposits).toBeInstanceOf(DemoProvider);
    const db = services.database.prisma;
    const { userId, apiKey } = await createUser(services, { email: uniqueEmail() });
    const deposit = await bot(apiKey).deposits.create({ amount: "25.00" });
    expect(deposit).toMatchObject({ status: "settled", amount: "25.00", checkoutUrl: null });
    expect((await bot(apiKey).wallet.get()).balanceString).toBe("25.00");
    expect(await db.ledgerEntry.count({ where: { depositId: deposit.id } })).toBe(1);
    expect(await bot(apiKey).deposits.get({ id: deposit.id })).toEqual(deposit);

    expect((await auditInvariants(services, { demoMode: true })).breaches).toEqual([]);
    const production = await auditInvariants(services, { demoMode: false });
    expect(production.breaches.filter((b) => b.detail.userId === userId)).toHaveLength(1);
  });

  it("outside demo mode, a DEPOSIT entry is one settled provider deposit; an operator's starting balance is an ADJUSTMENT", async () => {
    const db = services.database.prisma;
    const operatorFunded = await createUser(services, { email: uniqueEmail(), balance: new Money("40.00") });
    expect(await db.ledgerEntry.findMany({ where: { userId: operatorFunded.userId }, select: { kind: true } })).toEqual([
      { kind: "ADJUSTMENT" },
    ]);
    const handWritten = await createUser(services, { email: uniqueEmail() });
    await creditWallet(services, { userId: handWritten.userId, amount: new Money("5.00"), kind: "DEPOSIT", note: "no invoice" });

    const production = await auditInvariants(services, { demoMode: false });
    expect(production.breaches.filter((b) => b.detail.userId === operatorFunded.userId)).toEqual([]);
    expect(production.breaches.filter((b) => b.detail.userId === handWritten.userId)).toMatchObject([
      { rule: "outside demo mode, every DEPOSIT entry is the credit of one settled provider deposit" },
    ]);
  });

  it("refuses an amount outside DEPOSIT_MIN..DEPOSIT_MAX with a 400", async () => {
    const { apiKey } = await createUser(services, { email: uniqueEmail() });
    const error = await bot(apiKey)
      .deposits.create({ amount: "1000.01" })
      .catch((e: unknown) => e);
    const cause = error instanceof AppError ? error : (error as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(AppError);
    expect((cause as AppError).code).toBe("BAD_REQUEST");
  });
});
