import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createAddress, createApiKey, createCreatorCode, createUser, openPack, parseMoney } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, verifyIdentity } from "@prizepacks/core/testing/fixtures";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";
import { adminRouter } from "./admin-router.ts";

// Every console action that takes a request key, over tRPC as the console calls it: the key
// stands for one request. Replayed with the same target and fields it answers the first result
// again; replayed with another target or other fields it is refused (409) and nothing is done
// or logged, as an Idempotency-Key is on the API (before, it answered the first result: the key
// that approved withdrawal A "approved" B with a 200, doing nothing).
// The first test reads the keyed mutations off the router and fails when one has no case here.

let services: Services;
beforeAll(async () => {
  services = await openServices(await openTestDatabase());
});
afterAll(async () => {
  await services?.database.close();
});

const db = () => services.database.prisma;
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.prizepacks.local`;
const mails: string[] = [];

async function account(label: string, role?: "admin") {
  const { userId } = await createUser(services, { email: email(label), balance: parseMoney("50.00"), ageConfirmation: true });
  if (role) await db().user.update({ where: { id: userId }, data: { role } });
  return userId;
}

const consoleAs = (userId: string) =>
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

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the call was refused").not.toBeNull();
  const cause = error instanceof AppError ? error : (error as { cause?: unknown }).cause;
  expect(cause, String(error)).toBeInstanceOf(AppError);
  return { code: (cause as AppError).code, message: (cause as AppError).message };
}

/** A withdrawal waiting for an admin (the demo provider: loopback, no BTCPay). */
async function requestedWithdrawal(amount: string) {
  const playerId = await account("withdrawer");
  await verifyIdentity(services, playerId);
  const player = consoleAs(playerId);
  const added = await player.payoutDestinations.add({
    payoutMethodId: "BTC-LN",
    address: "player@wallet.example",
    label: "phone",
    code: "123456",
  });
  await player.payoutDestinations.confirm({ token: /token=([\w-]+)/.exec(mails.at(-1)!)![1]! });
  await db().$executeRaw`
    UPDATE payout_destination SET "confirmedAt" = now() - interval '25 hours', "usableAt" = now() - interval '1 hour' WHERE id = ${added.id}`;
  const withdrawal = await player.withdrawals.create({ amount, destinationId: added.id, code: "123456" });
  expect(withdrawal.state).toBe("requested");
  return withdrawal.id;
}

/** A creator code of a new verified account. */
async function creatorCode() {
  const userId = await account("creator");
  await db().user.update({ where: { id: userId }, data: { emailVerified: true } });
  return createCreatorCode(services, userId, { code: `C-${randomUUID().slice(0, 8)}` });
}

/** Shipments a player asked for, waiting in the queue. */
async function requestedShipments(count: number) {
  const playerId = await account("shipper");
  const pack = await createTestPack(services, {
    price: "2.80",
    items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
  });
  const address = await createAddress(services, playerId, { name: "J", line1: "1 St", city: "Paris", postalCode: "75001", country: "FR" });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const item = (await openPack(services, { userId: playerId, idOrSlug: pack.slug })).inventoryItem.id;
    ids.push((await consoleAs(playerId).shipments.create({ inventoryItemIds: [item], addressId: address.id })).id);
  }
  return ids;
}

type Console = ReturnType<typeof consoleAs>;

/**
 * One console action: `first` uses the key for one request, each of `others` the same key for
 * another target or other fields; `untouched` says the refused requests changed nothing.
 */
interface KeyedAction {
  name: string;
  prepare: (
    admin: Console,
    adminId: string,
  ) => Promise<{
    first: (requestKey: string) => Promise<unknown>;
    others: Array<(requestKey: string) => Promise<unknown>>;
    untouched?: () => Promise<void>;
  }>;
}

const actions: KeyedAction[] = [
  {
    name: "withdrawals.decide",
    prepare: async (admin) => {
      const [a, b] = [await requestedWithdrawal("20.00"), await requestedWithdrawal("21.00")];
      return {
        first: (requestKey) => admin.admin.withdrawals.decide({ withdrawalId: a, decision: "approve", requestKey }),
        others: [
          (requestKey) => admin.admin.withdrawals.decide({ withdrawalId: b, decision: "approve", requestKey }),
          (requestKey) => admin.admin.withdrawals.decide({ withdrawalId: a, decision: "reject", reason: "not this one", requestKey }),
        ],
        untouched: async () => expect((await db().withdrawal.findUniqueOrThrow({ where: { id: b } })).state).toBe("requested"),
      };
    },
  },
  {
    name: "withdrawals.setSettings",
    prepare: async (admin) => {
      const { autoApproveBelow } = await db().withdrawalSettings.findUniqueOrThrow({ where: { id: 1 } });
      const other = autoApproveBelow.plus(1).toFixed(2);
      return {
        first: (requestKey) => admin.admin.withdrawals.setSettings({ autoApproveBelow: autoApproveBelow.toFixed(2), requestKey }),
        others: [(requestKey) => admin.admin.withdrawals.setSettings({ autoApproveBelow: other, requestKey })],
        untouched: async () =>
          expect((await db().withdrawalSettings.findUniqueOrThrow({ where: { id: 1 } })).autoApproveBelow.toFixed(2)).toBe(
            autoApproveBelow.toFixed(2),
          ),
      };
    },
  },
  {
    name: "accounts.adjust",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      return {
        first: (requestKey) =>
          admin.admin.accounts.adjust({ userId: a, direction: "credit", amount: "1.00", reason: "goodwill", requestKey }),
        others: [
          (requestKey) => admin.admin.accounts.adjust({ userId: b, direction: "credit", amount: "1.00", reason: "goodwill", requestKey }),
          (requestKey) => admin.admin.accounts.adjust({ userId: a, direction: "credit", amount: "2.00", reason: "goodwill", requestKey }),
          (requestKey) => admin.admin.accounts.adjust({ userId: a, direction: "debit", amount: "1.00", reason: "goodwill", requestKey }),
          (requestKey) => admin.admin.accounts.adjust({ userId: a, direction: "credit", amount: "1.00", reason: "a refund", requestKey }),
        ],
        untouched: async () => {
          const balances = await db().wallet.findMany({ where: { userId: { in: [a, b] } }, orderBy: { balance: "asc" } });
          expect(balances.map((w) => w.balance.toFixed(2))).toEqual(["50.00", "51.00"]);
        },
      };
    },
  },
  {
    name: "accounts.adjust (a credit waiting for a second admin)",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      const credit = (userId: string, amount: string, reason: string) => (requestKey: string) =>
        admin.admin.accounts.adjust({ userId, direction: "credit", amount, reason, requestKey });
      return {
        first: credit(a, "5000.00", "big win"),
        others: [credit(b, "5000.00", "big win"), credit(a, "5001.00", "big win"), credit(a, "5000.00", "another win")],
        untouched: async () => expect(await db().pendingCredit.count({ where: { userId: { in: [a, b] } } })).toBe(1),
      };
    },
  },
  {
    name: "credits.decide",
    prepare: async (admin) => {
      const asker = consoleAs(await account("asker", "admin"));
      const target = await account("target");
      const ask = () =>
        asker.admin.accounts.adjust({
          userId: target,
          direction: "credit",
          amount: "5000.00",
          reason: "big win",
          requestKey: randomUUID(),
        });
      const [a, b] = [await ask(), await ask()] as Array<{ pendingCreditId?: string }>;
      return {
        first: (requestKey) => admin.admin.credits.decide({ pendingCreditId: a!.pendingCreditId!, decision: "reject", requestKey }),
        others: [(requestKey) => admin.admin.credits.decide({ pendingCreditId: b!.pendingCreditId!, decision: "reject", requestKey })],
        untouched: async () =>
          expect((await db().pendingCredit.findUniqueOrThrow({ where: { id: b!.pendingCreditId! } })).status).toBe("pending"),
      };
    },
  },
  {
    name: "accounts.setStanding",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      return {
        first: (requestKey) => admin.admin.accounts.setStanding({ userId: a, action: "unverify", requestKey }),
        others: [
          (requestKey) => admin.admin.accounts.setStanding({ userId: b, action: "unverify", requestKey }),
          (requestKey) => admin.admin.accounts.setStanding({ userId: a, action: "unban", reason: "appeal upheld", requestKey }),
        ],
        untouched: async () => expect((await db().user.findUniqueOrThrow({ where: { id: b } })).emailVerified).toBe(true),
      };
    },
  },
  {
    name: "accounts.setRole",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      return {
        first: (requestKey) => admin.admin.accounts.setRole({ userId: a, role: "player", requestKey }),
        others: [(requestKey) => admin.admin.accounts.setRole({ userId: b, role: "player", requestKey })],
      };
    },
  },
  {
    name: "accounts.setRole (a grant waits for a second admin)",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      const typed = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).email;
      const [emailA, emailB] = [await typed(a), await typed(b)];
      return {
        first: (requestKey) => admin.admin.accounts.setRole({ userId: a, role: "admin", confirmation: emailA, requestKey }),
        others: [
          (requestKey) => admin.admin.accounts.setRole({ userId: b, role: "admin", confirmation: emailB, requestKey }),
          (requestKey) => admin.admin.accounts.setRole({ userId: a, role: "player", confirmation: emailA, requestKey }),
        ],
        untouched: async () => {
          expect(await db().pendingSettingChange.count({ where: { targetId: { in: [a, b] } } })).toBe(1);
          expect((await db().user.findMany({ where: { id: { in: [a, b] } } })).map((u) => u.role)).toEqual([null, null]);
        },
      };
    },
  },
  {
    name: "settings.decideChange (a raise of a money setting)",
    prepare: async (admin) => {
      const asker = consoleAs(await account("asker", "admin"));
      const { autoApproveBelow } = await db().withdrawalSettings.findUniqueOrThrow({ where: { id: 1 } });
      const raise = async (by: number) => {
        const asked = await asker.admin.withdrawals.setSettings({
          autoApproveBelow: autoApproveBelow.plus(by).toFixed(2),
          requestKey: randomUUID(),
        });
        expect(asked).toMatchObject({ status: "pending" });
        return (asked as { pendingChangeId: string }).pendingChangeId;
      };
      const [a, b] = [await raise(1), await raise(2)];
      return {
        first: (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: a, decision: "reject", requestKey }),
        others: [
          (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: b, decision: "reject", requestKey }),
          (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: a, decision: "approve", requestKey }),
        ],
        untouched: async () => {
          expect((await db().pendingSettingChange.findUniqueOrThrow({ where: { id: b } })).status).toBe("pending");
          expect((await db().withdrawalSettings.findUniqueOrThrow({ where: { id: 1 } })).autoApproveBelow.toFixed(2)).toBe(
            autoApproveBelow.toFixed(2),
          );
        },
      };
    },
  },
  {
    name: "settings.decideChange (a grant of the admin role)",
    prepare: async (admin) => {
      const asker = consoleAs(await account("asker", "admin"));
      const grant = async (userId: string) => {
        const { email: confirmation } = await db().user.findUniqueOrThrow({ where: { id: userId } });
        const asked = await asker.admin.accounts.setRole({ userId, role: "admin", confirmation, requestKey: randomUUID() });
        expect(asked.status).toBe("pending");
        return { userId, pendingChangeId: (asked as { pendingChangeId: string }).pendingChangeId };
      };
      const [a, b] = [await grant(await account("a")), await grant(await account("b"))];
      return {
        first: (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: a.pendingChangeId, decision: "approve", requestKey }),
        others: [
          (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: b.pendingChangeId, decision: "approve", requestKey }),
          (requestKey) => admin.admin.settings.decideChange({ pendingChangeId: a.pendingChangeId, decision: "reject", requestKey }),
        ],
        untouched: async () => {
          expect((await db().pendingSettingChange.findUniqueOrThrow({ where: { id: b.pendingChangeId } })).status).toBe("pending");
          expect((await db().user.findUniqueOrThrow({ where: { id: b.userId } })).role).toBeNull();
        },
      };
    },
  },
  {
    name: "ageRefusals.clear",
    prepare: async (admin) => {
      const refused = () => db().ageRefusal.create({ data: { email: email("minor"), dateOfBirth: new Date("2015-01-01") } });
      const [a, b] = [await refused(), await refused()];
      return {
        first: (requestKey) => admin.admin.ageRefusals.clear({ ageRefusalId: a.id, requestKey }),
        others: [(requestKey) => admin.admin.ageRefusals.clear({ ageRefusalId: b.id, requestKey })],
        untouched: async () => expect(await db().ageRefusal.count({ where: { id: b.id } })).toBe(1),
      };
    },
  },
  {
    name: "accounts.revokeKey",
    prepare: async (admin) => {
      const owner = await account("owner");
      const [a, b] = [
        await createApiKey(services, { userId: owner, name: "a" }),
        await createApiKey(services, { userId: owner, name: "b" }),
      ];
      return {
        first: (requestKey) => admin.admin.accounts.revokeKey({ apiKeyId: a.apiKeyId, requestKey }),
        others: [(requestKey) => admin.admin.accounts.revokeKey({ apiKeyId: b.apiKeyId, requestKey })],
        untouched: async () => expect((await db().apiKey.findUniqueOrThrow({ where: { id: b.apiKeyId } })).revokedAt).toBeNull(),
      };
    },
  },
  {
    name: "protection.exclude",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      const typed = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).email;
      const [emailA, emailB] = [await typed(a), await typed(b)];
      return {
        first: (requestKey) => admin.admin.protection.exclude({ userId: a, period: "24h", confirmation: emailA, requestKey }),
        others: [
          (requestKey) => admin.admin.protection.exclude({ userId: b, period: "24h", confirmation: emailB, requestKey }),
          (requestKey) => admin.admin.protection.exclude({ userId: a, period: "7d", confirmation: emailA, requestKey }),
        ],
        untouched: async () => expect(await db().playerExclusion.count({ where: { userId: { in: [a, b] } } })).toBe(1),
      };
    },
  },
  {
    name: "verification.request",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      return {
        first: (requestKey) => admin.admin.verification.request({ userId: a, reason: "source of funds", requestKey }),
        others: [
          (requestKey) => admin.admin.verification.request({ userId: b, reason: "source of funds", requestKey }),
          (requestKey) => admin.admin.verification.request({ userId: a, reason: "source of funds", blocksPlay: true, requestKey }),
        ],
        untouched: async () => expect(await db().verificationRequest.count({ where: { userId: { in: [a, b] } } })).toBe(1),
      };
    },
  },
  {
    name: "verification.withdrawRequest",
    prepare: async (admin) => {
      const [a, b] = [await account("a"), await account("b")];
      for (const userId of [a, b]) await admin.admin.verification.request({ userId, reason: "source of funds", requestKey: randomUUID() });
      return {
        first: (requestKey) => admin.admin.verification.withdrawRequest({ userId: a, requestKey }),
        others: [(requestKey) => admin.admin.verification.withdrawRequest({ userId: b, requestKey })],
        untouched: async () => expect(await db().verificationRequest.count({ where: { userId: b } })).toBe(1),
      };
    },
  },
  {
    name: "verification.setSettings",
    prepare: async (admin) => {
      const { dueDiligenceDeposits } = await db().complianceSettings.findUniqueOrThrow({ where: { id: 1 } });
      const lower = dueDiligenceDeposits.minus(1).toFixed(2);
      return {
        first: (requestKey) => admin.admin.verification.setSettings({ dueDiligenceDeposits: dueDiligenceDeposits.toFixed(2), requestKey }),
        others: [(requestKey) => admin.admin.verification.setSettings({ dueDiligenceDeposits: lower, requestKey })],
        untouched: async () =>
          expect((await db().complianceSettings.findUniqueOrThrow({ where: { id: 1 } })).dueDiligenceDeposits.toFixed(2)).toBe(
            dueDiligenceDeposits.toFixed(2),
          ),
      };
    },
  },
  {
    name: "games.setSetting",
    prepare: async (admin) => {
      const fee = (await db().gameSettings.findUnique({ where: { id: 1 } }))?.exchangeFeeBps ?? 500;
      return {
        first: (requestKey) => admin.admin.games.setSetting({ setting: "exchange_fee_bps", value: fee, requestKey }),
        // A raise of the fee applies at once: with the key used, it must not.
        others: [(requestKey) => admin.admin.games.setSetting({ setting: "exchange_fee_bps", value: fee + 1, requestKey })],
        untouched: async () => expect((await db().gameSettings.findUnique({ where: { id: 1 } }))?.exchangeFeeBps ?? 500).toBe(fee),
      };
    },
  },
  {
    name: "rewards.createPromoCode",
    prepare: async (admin) => {
      const [a, b] = [`Key-${randomUUID().slice(0, 8)}`, `Key-${randomUUID().slice(0, 8)}`];
      return {
        first: (requestKey) => admin.admin.rewards.createPromoCode({ code: a, amount: "1.00", maxRedemptions: 1, requestKey }),
        others: [
          (requestKey) => admin.admin.rewards.createPromoCode({ code: b, amount: "1.00", maxRedemptions: 1, requestKey }),
          (requestKey) => admin.admin.rewards.createPromoCode({ code: a, amount: "2.00", maxRedemptions: 1, requestKey }),
        ],
        untouched: async () => {
          expect(await db().promoCode.count({ where: { code: b } })).toBe(0);
          expect((await db().promoCode.findFirstOrThrow({ where: { code: a } })).amount?.toFixed(2)).toBe("1.00");
        },
      };
    },
  },
  {
    name: "rewards.disablePromoCode",
    prepare: async (admin) => {
      const create = (code: string) =>
        admin.admin.rewards.createPromoCode({ code, amount: "1.00", maxRedemptions: 1, requestKey: randomUUID() });
      const [a, b] = [await create(`Off-${randomUUID().slice(0, 8)}`), await create(`Off-${randomUUID().slice(0, 8)}`)];
      return {
        first: (requestKey) => admin.admin.rewards.disablePromoCode({ id: a.id, requestKey }),
        others: [(requestKey) => admin.admin.rewards.disablePromoCode({ id: b.id, requestKey })],
        untouched: async () => expect((await db().promoCode.findUniqueOrThrow({ where: { id: b.id } })).disabledAt).toBeNull(),
      };
    },
  },
  {
    name: "rewards.setLevel",
    prepare: async (admin) => {
      const level = (await admin.admin.rewards.settings()).levels.find((row) => row.level === 1)!;
      const change = { level: 1, threshold: level.threshold, dailyPack: level.dailyPack?.slug ?? null };
      return {
        first: (requestKey) => admin.admin.rewards.setLevel({ ...change, rakebackBps: level.rakebackBps, requestKey }),
        others: [(requestKey) => admin.admin.rewards.setLevel({ ...change, rakebackBps: level.rakebackBps + 1, requestKey })],
        untouched: async () =>
          expect((await admin.admin.rewards.settings()).levels.find((row) => row.level === 1)!.rakebackBps).toBe(level.rakebackBps),
      };
    },
  },
  {
    name: "rewards.setSwitches",
    prepare: async (admin) => ({
      first: (requestKey) => admin.admin.rewards.setSwitches({ dailyCaseEnabled: true, requestKey }),
      others: [(requestKey) => admin.admin.rewards.setSwitches({ dailyCaseEnabled: false, requestKey })],
      untouched: async () => expect((await admin.admin.rewards.settings()).settings.dailyCaseEnabled).toBe(true),
    }),
  },
  {
    name: "rewards.setMoneySetting",
    prepare: async (admin) => {
      // A lowering of the budget applies at once: with the key used, another lowering must not.
      const budget = parseMoney((await admin.admin.rewards.settings()).settings.dailyBudget);
      const lowered = budget.minus(1).toFixed(2);
      return {
        first: (requestKey) => admin.admin.rewards.setMoneySetting({ setting: "reward_daily_budget", value: lowered, requestKey }),
        others: [
          (requestKey) =>
            admin.admin.rewards.setMoneySetting({ setting: "reward_daily_budget", value: budget.minus(2).toFixed(2), requestKey }),
        ],
        untouched: async () => expect((await admin.admin.rewards.settings()).settings.dailyBudget).toBe(lowered),
      };
    },
  },
  {
    name: "creators.rename",
    prepare: async (admin) => {
      const [a, b] = [await creatorCode(), await creatorCode()];
      const renamed = `R-${randomUUID().slice(0, 8)}`;
      return {
        first: (requestKey) => admin.admin.creators.rename({ id: a.id, code: renamed, requestKey }),
        others: [
          (requestKey) => admin.admin.creators.rename({ id: b.id, code: renamed, requestKey }),
          (requestKey) => admin.admin.creators.rename({ id: a.id, code: `S-${randomUUID().slice(0, 8)}`, requestKey }),
        ],
        untouched: async () => {
          expect((await db().creatorCode.findUniqueOrThrow({ where: { id: b.id } })).code).toBe(b.code);
          expect((await db().creatorCode.findUniqueOrThrow({ where: { id: a.id } })).code).toBe(renamed);
        },
      };
    },
  },
  {
    name: "creators.disable",
    prepare: async (admin) => {
      const [a, b] = [await creatorCode(), await creatorCode()];
      return {
        first: (requestKey) => admin.admin.creators.disable({ id: a.id, requestKey }),
        others: [(requestKey) => admin.admin.creators.disable({ id: b.id, requestKey })],
        untouched: async () => expect((await db().creatorCode.findUniqueOrThrow({ where: { id: b.id } })).disabledAt).toBeNull(),
      };
    },
  },
  {
    name: "creators.setSettings",
    prepare: async (admin) => {
      const { commissionDays } = await admin.admin.creators.settings();
      return {
        first: (requestKey) => admin.admin.creators.setSettings({ commissionDays, requestKey }),
        others: [(requestKey) => admin.admin.creators.setSettings({ commissionDays: commissionDays + 1, requestKey })],
        untouched: async () => expect((await admin.admin.creators.settings()).commissionDays).toBe(commissionDays),
      };
    },
  },
  {
    name: "shipments.move",
    prepare: async (admin) => {
      const [a, b, c] = await requestedShipments(3);
      return {
        first: (requestKey) => admin.admin.shipments.move({ ids: [a!, b!], to: "APPROVED", requestKey }),
        others: [
          (requestKey) => admin.admin.shipments.move({ ids: [c!], to: "APPROVED", requestKey }),
          (requestKey) => admin.admin.shipments.move({ ids: [a!, b!, c!], to: "APPROVED", requestKey }),
          (requestKey) => admin.admin.shipments.move({ ids: [a!, b!], to: "REJECTED", reason: "no stock", requestKey }),
        ],
        untouched: async () => expect((await db().shipment.findUniqueOrThrow({ where: { id: c! } })).state).toBe("REQUESTED"),
      };
    },
  },
  {
    name: "shipping.setZone",
    prepare: async (admin) => ({
      first: (requestKey) => admin.admin.shipping.setZone({ country: "LU", fee: "7.00", requestKey }),
      others: [
        (requestKey) => admin.admin.shipping.setZone({ country: "MT", fee: "7.00", requestKey }),
        (requestKey) => admin.admin.shipping.setZone({ country: "LU", fee: "8.00", requestKey }),
      ],
      untouched: async () => expect((await db().shippingZone.findUniqueOrThrow({ where: { country: "LU" } })).fee.toFixed(2)).toBe("7.00"),
    }),
  },
  {
    name: "shipping.deleteZone",
    prepare: async (admin) => {
      await admin.admin.shipping.setZone({ country: "CY", fee: "6.00", requestKey: randomUUID() });
      await admin.admin.shipping.setZone({ country: "IS", fee: "6.00", requestKey: randomUUID() });
      return {
        first: (requestKey) => admin.admin.shipping.deleteZone({ country: "CY", requestKey }),
        others: [(requestKey) => admin.admin.shipping.deleteZone({ country: "IS", requestKey })],
        untouched: async () => expect(await db().shippingZone.count({ where: { country: "IS" } })).toBe(1),
      };
    },
  },
  ...harmCaseActions(),
];

/** An open case of the markers of harm for a new account. */
async function harmCase(marker = "net_deposits") {
  const id = randomUUID();
  await db().harmCase.create({ data: { id, userId: await account("harm"), marker } });
  return id;
}

function harmCaseActions(): KeyedAction[] {
  const onCases = (
    name: string,
    call: (admin: Console, caseId: string, variant: number, requestKey: string) => Promise<unknown>,
    variants = 1,
  ): KeyedAction => ({
    name,
    prepare: async (admin) => {
      const [a, b] = [await harmCase(), await harmCase()];
      return {
        first: (requestKey) => call(admin, a, 0, requestKey),
        others: [
          (requestKey) => call(admin, b, 0, requestKey),
          ...Array.from({ length: variants }, (_, i) => (requestKey: string) => call(admin, a, i + 1, requestKey)),
        ],
        untouched: async () => expect(await db().harmCaseEntry.count({ where: { caseId: b } })).toBe(0),
      };
    },
  });
  return [
    onCases("harm.assign", async (admin, caseId, variant, requestKey) => {
      const me = (await db().user.findFirstOrThrow({ where: { role: "admin" }, orderBy: { createdAt: "desc" } })).email;
      return admin.admin.harm.assign({ caseId, ownerEmail: variant ? null : me, requestKey });
    }),
    onCases("harm.note", (admin, caseId, variant, requestKey) =>
      admin.admin.harm.note({ caseId, text: variant ? "other" : "called", requestKey }),
    ),
    onCases("harm.contact", (admin, caseId, variant, requestKey) =>
      admin.admin.harm.contact({ caseId, template: variant ? "tools" : "check_in", requestKey }),
    ),
    onCases("harm.lowerLimit", (admin, caseId, variant, requestKey) =>
      admin.admin.harm.lowerLimit({ caseId, kind: "deposit", period: "day", amount: variant ? "9.00" : "10.00", requestKey }),
    ),
    onCases("harm.suspend", (admin, caseId, variant, requestKey) =>
      admin.admin.harm.suspend({ caseId, period: variant ? "7d" : "24h", requestKey }),
    ),
    onCases("harm.close", (admin, caseId, variant, requestKey) =>
      admin.admin.harm.close({ caseId, outcome: variant ? "referred" : "no_concern", requestKey }),
    ),
    {
      name: "harm.setRule",
      prepare: async (admin) => ({
        first: (requestKey) => admin.admin.harm.setRule({ marker: "long_session", threshold: "180", requestKey }),
        others: [
          (requestKey) => admin.admin.harm.setRule({ marker: "long_session", threshold: "240", requestKey }),
          (requestKey) => admin.admin.harm.setRule({ marker: "reversal", threshold: "180", requestKey }),
        ],
        untouched: async () =>
          expect((await db().harmMarkerRule.findUniqueOrThrow({ where: { marker: "long_session" } })).threshold.toFixed(0)).toBe("180"),
      }),
    },
    {
      name: "harm.setTimeZone",
      prepare: async (admin) => ({
        first: (requestKey) => admin.admin.harm.setTimeZone({ timeZone: "UTC", requestKey }),
        others: [(requestKey) => admin.admin.harm.setTimeZone({ timeZone: "Europe/London", requestKey })],
        untouched: async () => expect((await db().harmSettings.findUniqueOrThrow({ where: { id: 1 } })).timeZone).toBe("UTC"),
      }),
    },
    {
      name: "harm.requireVerification",
      prepare: async (admin) => {
        const [a, b] = [await harmCase(), await harmCase()];
        const userOf = async (caseId: string) => (await db().harmCase.findUniqueOrThrow({ where: { id: caseId } })).userId;
        const ask =
          (caseId: string, blocksPlay = false) =>
          (requestKey: string) =>
            admin.admin.harm.requireVerification({ caseId, reason: "proof of identity", blocksPlay, requestKey });
        return {
          first: ask(a),
          others: [ask(b), ask(a, true)],
          untouched: async () => {
            expect(await db().verificationRequest.count({ where: { userId: await userOf(b) } })).toBe(0);
            expect(await db().verificationRequest.findUniqueOrThrow({ where: { userId: await userOf(a) } })).toMatchObject({
              blocksPlay: false,
            });
          },
        };
      },
    },
  ];
}

/**
 * The console's mutations that take a request key, read off the router: "accounts.adjust", ….
 * (tRPC types `_def.procedures` as the nested record, but it holds every procedure by its dotted path.)
 */
function keyedMutations(): string[] {
  const procedures = adminRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>;
  return Object.entries(procedures)
    .filter(([, procedure]) => procedure._def.type === "mutation")
    .filter(([, procedure]) => procedure._def.inputs.some((input) => "requestKey" in ((input as { shape?: object }).shape ?? {})))
    .map(([path]) => path)
    .sort();
}

describe("a console request key", () => {
  it("is covered here for every console mutation that takes one (a new one must be added to `actions`)", () => {
    const covered = [...new Set(actions.map((action) => action.name.split(" ")[0]!))].sort();
    expect(keyedMutations().length).toBeGreaterThan(10);
    expect(covered).toEqual(keyedMutations());
  });

  it.each(actions)(
    "$name: replayed with another target or other fields is a 409 that does nothing; with the same, it replays",
    async (action) => {
      const adminId = await account("operator", "admin");
      const admin = consoleAs(adminId);
      const { first, others, untouched } = await action.prepare(admin, adminId);
      const requestKey = randomUUID();
      const answered = await first(requestKey);
      const logged = await db().adminLog.count({ where: { actorId: adminId } });
      for (const other of others) {
        const refused = await refusal(other(requestKey));
        expect(refused.code).toBe("CONFLICT");
        expect(refused.message).toMatch(
          /^This request key was already used for another request \(.+\): nothing was done; reload the form\.$/,
        );
      }
      await untouched?.();
      expect(await db().adminLog.count({ where: { actorId: adminId } })).toBe(logged);
      expect(await first(requestKey)).toEqual(answered);
      expect(await db().adminLog.count({ where: { actorId: adminId } })).toBe(logged);
    },
  );
});
