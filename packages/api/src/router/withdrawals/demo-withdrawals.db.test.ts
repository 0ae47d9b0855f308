import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditInvariants, createUser, DemoPayoutProvider, Money } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { uniqueEmail, verifyIdentity } from "@prizepacks/core/testing/fixtures";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";

// Demo mode (loopback, no BTCPay configured): withdrawals are the demo provider's, paid the
// moment they are approved, through the same procedures, reservation and books.

let services: Services;
beforeAll(async () => {
  services = await openServices(await openTestDatabase());
});
afterAll(async () => {
  await services?.database.close();
});

const mails: string[] = [];
const web = (userId: string) =>
  createCaller(
    createContext({
      source: "web",
      services,
      headers: new Headers(),
      resolveSessionUserId: async () => userId,
      verifySecondFactor: async () => "ok",
      mailer: { send: (mail) => void mails.push(mail.text), linkBase: "http://localhost:3000" },
    }),
  );

describe("demo withdrawals", () => {
  it("are paid at once when approved", async () => {
    expect(services.payouts).toBeInstanceOf(DemoPayoutProvider);
    const db = services.database.prisma;
    const { userId } = await createUser(services, { email: uniqueEmail(), balance: new Money("50.00") });
    await verifyIdentity(services, userId);
    const added = await web(userId).payoutDestinations.add({
      payoutMethodId: "BTC-LN",
      address: "player@wallet.example",
      label: "phone",
      code: "123456",
    });
    const token = /token=([\w-]+)/.exec(mails.at(-1)!)![1]!;
    await web(userId).payoutDestinations.confirm({ token });
    await db.$executeRaw`
      UPDATE payout_destination SET "confirmedAt" = now() - interval '25 hours', "usableAt" = now() - interval '1 hour' WHERE id = ${added.id}`;
    const requested = await web(userId).withdrawals.create({ amount: "20.00", destinationId: added.id, code: "123456" });
    expect(requested.state).toBe("requested");

    const { userId: adminId } = await createUser(services, { email: uniqueEmail() });
    await db.user.update({ where: { id: adminId }, data: { role: "admin" } });
    const paid = await web(adminId).admin.withdrawals.decide({ withdrawalId: requested.id, decision: "approve", requestKey: randomUUID() });
    expect(paid).toMatchObject({ state: "completed", completedAt: expect.any(String) });
    expect(await web(userId).wallet.get()).toMatchObject({ balanceString: "30.00", pendingWithdrawals: "0.00" });
    expect((await auditInvariants(services, { demoMode: true })).breaches).toEqual([]);
  });
});
