import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, auditInvariants, createAddress, createUser, openPack, parseMoney } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack } from "@prizepacks/core/testing/fixtures";
import { createContext } from "../../../context.ts";
import { createCaller } from "../../../root.ts";

// The console's fulfilment flow through the admin procedures: a player's request approved,
// shipped with tracking and delivered in batches, each action once per request key and in the
// admin log; zones set and removed. Players cannot call any of it.

let services: Services;
beforeAll(async () => {
  services = await openServices(await openTestDatabase());
});
afterAll(async () => {
  await services?.database.close();
});

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.prizepacks.local`;
const db = () => services.database.prisma;

async function account(label: string, role?: "admin") {
  const { userId } = await createUser(services, { email: email(label), balance: parseMoney("50.00"), ageConfirmation: true });
  if (role) await db().user.update({ where: { id: userId }, data: { role } });
  return userId;
}
const consoleAs = (userId: string) =>
  createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));

async function refusalCode(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = error instanceof AppError ? error : (error as { cause?: unknown }).cause;
  expect(cause).toBeInstanceOf(AppError);
  return (cause as AppError).code;
}

describe("the fulfilment queue", () => {
  it("approves, ships and delivers a batch once per request key, logging each; players are refused", async () => {
    const adminId = await account("admin", "admin");
    const playerId = await account("player");
    const pack = await createTestPack(services, {
      price: "2.80",
      items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
    });
    const address = await createAddress(services, playerId, {
      name: "J",
      line1: "1 St",
      city: "Paris",
      postalCode: "75001",
      country: "FR",
    });
    const player = consoleAs(playerId);
    const console = consoleAs(adminId);
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const item = (await openPack(services, { userId: playerId, idOrSlug: pack.slug })).inventoryItem.id;
      ids.push((await player.shipments.create({ inventoryItemIds: [item], addressId: address.id })).id);
    }

    expect(await refusalCode(player.admin.shipments.list({}))).toBe("FORBIDDEN");
    const queue = await console.admin.shipments.list({ state: "REQUESTED" });
    expect(queue.filter((s) => ids.includes(s.id)).map((s) => s.address.city)).toEqual(["Paris", "Paris"]);

    const approve = { requestKey: randomUUID(), ids, to: "APPROVED" as const };
    expect((await console.admin.shipments.move(approve)).moved.map((s) => s.state)).toEqual(["APPROVED", "APPROVED"]);
    expect(await console.admin.shipments.move(approve)).toMatchObject({
      moved: [{ state: "APPROVED" }, { state: "APPROVED" }],
      skipped: [],
    }); // replayed
    expect(await refusalCode(console.admin.shipments.move({ requestKey: randomUUID(), ids, to: "SHIPPED" }))).toBe("BAD_REQUEST");
    await console.admin.shipments.move({ requestKey: randomUUID(), ids, to: "SHIPPED", carrier: "DHL", trackingNumber: "JD0001" });
    await console.admin.shipments.move({ requestKey: randomUUID(), ids, to: "DELIVERED" });
    const seen = await player.shipments.get({ id: ids[0]! });
    expect(seen).toMatchObject({ state: "DELIVERED", carrier: "DHL", trackingUrl: expect.stringContaining("JD0001") });
    expect(await db().adminLog.count({ where: { targetId: { in: ids } } })).toBe(6);
    expect((await auditInvariants(services, { demoMode: true })).breaches).toEqual([]);
  });

  it("refuses an admin's decision on their own shipment; another admin decides it", async () => {
    const adminId = await account("admin", "admin");
    const otherAdminId = await account("admin", "admin");
    const pack = await createTestPack(services, {
      price: "2.80",
      items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
    });
    const address = await createAddress(services, adminId, { name: "A", line1: "2 St", city: "Lyon", postalCode: "69001", country: "FR" });
    const item = (await openPack(services, { userId: adminId, idOrSlug: pack.slug })).inventoryItem.id;
    const own = consoleAs(adminId);
    const { id } = await own.shipments.create({ inventoryItemIds: [item], addressId: address.id });
    expect(await own.admin.shipments.move({ requestKey: randomUUID(), ids: [id], to: "APPROVED" })).toEqual({
      moved: [],
      skipped: [{ id, reason: "An admin cannot decide their own shipment: another admin must." }],
    });
    expect((await own.shipments.get({ id })).state).toBe("REQUESTED");
    const { moved } = await consoleAs(otherAdminId).admin.shipments.move({ requestKey: randomUUID(), ids: [id], to: "APPROVED" });
    expect(moved.map((s) => s.state)).toEqual(["APPROVED"]);
    expect((await auditInvariants(services, { demoMode: true })).breaches).toEqual([]);
  });

  it("moves a selection one shipment at a time: one cancelled meanwhile and the admin's own are skipped, the others move", async () => {
    const adminId = await account("admin", "admin");
    const pack = await createTestPack(services, {
      price: "2.80",
      items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
    });
    async function requestedBy(userId: string) {
      const address = await createAddress(services, userId, { name: "K", line1: "3 St", city: "Nice", postalCode: "06000", country: "FR" });
      const item = (await openPack(services, { userId, idOrSlug: pack.slug })).inventoryItem.id;
      return (await consoleAs(userId).shipments.create({ inventoryItemIds: [item], addressId: address.id })).id;
    }
    const [first, second, third] = [await account("first"), await account("second"), await account("third")];
    const kept = [await requestedBy(first), await requestedBy(second)];
    const cancelledId = await requestedBy(third);
    await consoleAs(third).shipments.cancel({ id: cancelledId });
    const ownId = await requestedBy(adminId);
    const selection = [kept[0]!, cancelledId, ownId, kept[1]!];

    const console = consoleAs(adminId);
    const reject = { requestKey: randomUUID(), ids: selection, to: "REJECTED" as const, reason: "Out of stock" };
    const answer = await console.admin.shipments.move(reject);
    expect(answer.moved.map((s) => [s.id, s.state, s.reason])).toEqual([
      [kept[0], "REJECTED", "Out of stock"],
      [kept[1], "REJECTED", "Out of stock"],
    ]);
    expect(answer.skipped).toEqual([
      { id: cancelledId, reason: `Shipment "${cancelledId}" is cancelled; it cannot be rejected now.` },
      { id: ownId, reason: "An admin cannot decide their own shipment: another admin must." },
    ]);
    const logged = await db().adminLog.findMany({ where: { targetId: { in: selection } }, select: { targetId: true, action: true } });
    expect(logged.sort((a, b) => (a.targetId! < b.targetId! ? -1 : 1))).toEqual(
      [...kept].sort().map((targetId) => ({ targetId, action: "shipment.rejected" })),
    );
    // The refunds happened once each: a resubmission replays the moved ones and skips the rest again.
    expect(await console.admin.shipments.move(reject)).toEqual(answer);
    expect(await db().ledgerEntry.count({ where: { shipmentId: { in: kept }, kind: "SHIPPING_REFUND" } })).toBe(2);
    expect(await db().adminLog.count({ where: { targetId: { in: selection } } })).toBe(2);
    // A move the rule itself refuses (a rejection without a reason) moves nothing.
    expect(await refusalCode(console.admin.shipments.move({ requestKey: randomUUID(), ids: [ownId], to: "REJECTED" }))).toBe("BAD_REQUEST");
    expect(await refusalCode(console.admin.shipments.move({ requestKey: randomUUID(), ids: Array(101).fill(ownId), to: "APPROVED" }))).toBe(
      "BAD_REQUEST",
    );
    expect((await auditInvariants(services, { demoMode: true })).breaches).toEqual([]);
  });

  it("lists the named shipments with each item's pack, for the packing list", async () => {
    const adminId = await account("admin", "admin");
    const playerId = await account("packing");
    const pack = await createTestPack(services, {
      price: "2.80",
      items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
    });
    const address = await createAddress(services, playerId, {
      name: "P Q",
      line1: "4 St",
      city: "Lille",
      postalCode: "59000",
      country: "FR",
      phone: "+33 1 23 45 67 89",
    });
    const item = (await openPack(services, { userId: playerId, idOrSlug: pack.slug })).inventoryItem.id;
    const { id } = await consoleAs(playerId).shipments.create({ inventoryItemIds: [item], addressId: address.id });
    const [listed, ...rest] = await consoleAs(adminId).admin.shipments.list({ ids: [id] });
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({ id, address: { name: "P Q", city: "Lille", phone: "+33 1 23 45 67 89" } });
    expect(listed!.items).toEqual([{ id: item, name: "Only Item", value: "2.50", pack: pack.name }]);
  });

  it("sets and removes a country's zone, which the quote follows", async () => {
    const adminId = await account("zones", "admin");
    const console = consoleAs(adminId);
    await console.admin.shipping.setZone({ requestKey: randomUUID(), country: "DE", fee: "4.50" });
    expect(await console.shipments.quote({ country: "DE" })).toEqual({ country: "DE", fee: "4.50" });
    expect((await console.admin.shipping.zones()).find((z) => z.country === "DE")).toEqual({ country: "DE", fee: "4.50" });
    await console.admin.shipping.deleteZone({ requestKey: randomUUID(), country: "DE" });
    expect(await console.shipments.quote({ country: "DE" })).toEqual({ country: "DE", fee: "9.99" });
    expect(await refusalCode(console.admin.shipping.setZone({ requestKey: randomUUID(), country: "XX", fee: "1.00" }))).toBe("BAD_REQUEST");
  });
});
