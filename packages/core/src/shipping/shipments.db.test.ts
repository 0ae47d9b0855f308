import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { exportPack } from "../catalog/pack-admin.ts";
import { savePack } from "../catalog/save-pack.ts";
import { sellInventoryItems } from "../inventory/sell-inventory-items.ts";
import { openPack } from "../open/open-pack.ts";
import type { ShipmentState } from "../contract/shipping.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { createAddress, deleteAddress, listAddresses } from "./addresses.ts";
import { cancelShipment, getShipment, listShipments, moveShipment, requestShipment, type ShipmentMoveInput } from "./shipments.ts";
import { SHIPMENT_TRANSITIONS } from "./shipment-states.ts";
import { quoteShipping, setShippingZone } from "./zones.ts";

const services = useTestServices();
const db = () => services().database.prisma;
const operator = { kind: "operator" as const, admin: CLI_ACTOR };

const US_ADDRESS = { name: "Jane Doe", line1: "1 Main St", city: "Springfield", region: "IL", postalCode: "62701", country: "US" };

/** A player with `count` held items (each worth 2.50 from a 2.80 pack) and a saved US address. */
async function playerWithItems(count: number, deposit = "20.00") {
  const pack = await createTestPack(services(), {
    price: "2.80",
    items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
  });
  const user = await createTestUser(services(), { balance: deposit });
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push((await openPack(services(), { userId: user.userId, idOrSlug: pack.slug })).inventoryItem.id);
  const address = await createAddress(services(), user.userId, US_ADDRESS);
  return { ...user, pack, items, address };
}

async function expectClean() {
  expect((await auditInvariants(services(), { demoMode: true })).breaches).toEqual([]);
}

const balance = async (userId: string) => (await getBalance(services(), userId)).toFixed(2);

describe("addresses", () => {
  it("validate the postal code per country and stay with their owner", async () => {
    const { userId } = await createTestUser(services());
    const other = await createTestUser(services());
    await expectAppError(createAddress(services(), userId, { ...US_ADDRESS, postalCode: "ABC" }), "BAD_REQUEST");
    await expectAppError(createAddress(services(), userId, { ...US_ADDRESS, country: "XX" }), "BAD_REQUEST");
    await expectAppError(createAddress(services(), userId, { ...US_ADDRESS, country: "GB" }), "BAD_REQUEST");
    const uk = await createAddress(services(), userId, { ...US_ADDRESS, country: "GB", postalCode: "SW1A 1AA", region: "" });
    expect(uk).toMatchObject({ country: "GB", postalCode: "SW1A 1AA", region: null, line2: null });
    expect((await listAddresses(services(), userId)).map((a) => a.id)).toEqual([uk.id]);
    expect(await listAddresses(services(), other.userId)).toEqual([]);
    await expectAppError(deleteAddress(services(), other.userId, uk.id), "NOT_FOUND");
    await deleteAddress(services(), userId, uk.id);
    expect(await listAddresses(services(), userId)).toEqual([]);
  });

  it("quote the country's zone, else the default one", async () => {
    await setShippingZone(db(), { country: "*", fee: "9.99" });
    await setShippingZone(db(), { country: "CA", fee: "14.50" });
    expect(await quoteShipping(services(), "CA")).toEqual({ country: "CA", fee: "14.50" });
    expect(await quoteShipping(services(), "FR")).toEqual({ country: "FR", fee: "9.99" });
    await expectAppError(quoteShipping(services(), "ZZ"), "BAD_REQUEST");
  });
});

describe("the ships flag", () => {
  it("is saved from the pack file, exported with it, and can be changed on a published item", async () => {
    const pack = await createTestPack(services(), {
      price: "2.80",
      items: [{ key: "code", name: "Gift Code", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000, ships: false }],
    });
    const file = await exportPack(services(), pack.slug);
    expect(file.items.map((item) => item.ships)).toEqual([false]);
    await savePack(services(), CLI_ACTOR, { ...file, items: file.items.map((item) => ({ ...item, ships: true })) });
    expect((await exportPack(services(), pack.slug)).items.map((item) => item.ships)).toEqual([true]);
  });
});

describe("requestShipment", () => {
  it("charges only the fee the player was shown: another fee now is a 409 and nothing moves", async () => {
    const player = await playerWithItems(1);
    const before = await balance(player.userId);
    const { fee } = await quoteShipping(services(), "US");
    const shown = (Number(fee) + 1).toFixed(2);
    const refused = await expectAppError(
      requestShipment(services(), {
        userId: player.userId,
        inventoryItemIds: player.items,
        addressId: player.address.id,
        expectedFee: shown,
      }),
      "CONFLICT",
    );
    expect(refused.message).toContain(`is now $${fee}`);
    expect(await balance(player.userId)).toBe(before);
    expect((await db().inventoryItem.findUniqueOrThrow({ where: { id: player.items[0]! } })).status).toBe("HELD");
    const shipped = await requestShipment(services(), {
      userId: player.userId,
      inventoryItemIds: player.items,
      addressId: player.address.id,
      expectedFee: fee,
    });
    expect(shipped.fee).toBe(fee);
    await expectClean();
  });

  it("debits one fee for several items, moves them to REDEEMING, and they can no longer be sold", async () => {
    const player = await playerWithItems(3);
    const before = await balance(player.userId);
    const shipment = await requestShipment(services(), {
      userId: player.userId,
      inventoryItemIds: player.items.slice(0, 2),
      addressId: player.address.id,
    });
    expect(shipment).toMatchObject({ state: "REQUESTED", fee: "9.99", country: "US", address: { postalCode: "62701", name: "Jane Doe" } });
    expect(shipment.items.map((i) => i.id).sort()).toEqual(player.items.slice(0, 2).sort());
    expect(await balance(player.userId)).toBe((Number(before) - 9.99).toFixed(2));
    const statuses = await db().inventoryItem.findMany({ where: { id: { in: player.items } }, orderBy: { id: "asc" } });
    expect(statuses.filter((i) => i.status === "REDEEMING")).toHaveLength(2);
    const err = await expectAppError(
      sellInventoryItems(services(), { userId: player.userId, inventoryItemIds: [player.items[0]!] }),
      "CONFLICT",
    );
    expect(err.message).toContain("in a shipment");
    await expectAppError(
      requestShipment(services(), { userId: player.userId, inventoryItemIds: [player.items[0]!], addressId: player.address.id }),
      "CONFLICT",
    );
    const events = await db().accountEvent.findMany({ where: { userId: player.userId, type: { startsWith: "shipment." } } });
    expect(events.map((e) => e.type)).toEqual(["shipment.requested"]);
    expect(JSON.stringify(events[0]!.data)).not.toContain("Springfield");
    await expectClean();
  });

  it("refuses what does not ship, what is not the player's, and a fee above the balance, changing nothing", async () => {
    const player = await playerWithItems(2);
    const stranger = await playerWithItems(1);
    await db().packItem.updateMany({ where: { packId: player.pack.id }, data: { ships: false } });
    await expectAppError(
      requestShipment(services(), { userId: player.userId, inventoryItemIds: [player.items[0]!], addressId: player.address.id }),
      "BAD_REQUEST",
    );
    await expectAppError(
      requestShipment(services(), { userId: player.userId, inventoryItemIds: stranger.items, addressId: player.address.id }),
      "NOT_FOUND",
    );
    await expectAppError(
      requestShipment(services(), { userId: stranger.userId, inventoryItemIds: stranger.items, addressId: player.address.id }),
      "NOT_FOUND",
    );
    await db().packItem.updateMany({ where: { packId: player.pack.id }, data: { ships: true } });
    await setShippingZone(db(), { country: "US", fee: "500.00" });
    try {
      await expectAppError(
        requestShipment(services(), { userId: player.userId, inventoryItemIds: [player.items[0]!], addressId: player.address.id }),
        "INSUFFICIENT_BALANCE",
      );
    } finally {
      await db().shippingZone.delete({ where: { country: "US" } });
    }
    expect(await db().inventoryItem.count({ where: { id: { in: player.items }, status: "HELD" } })).toBe(2);
    expect(await db().shipment.count({ where: { userId: player.userId } })).toBe(0);
    await expectClean();
  });

  it("replays an Idempotency-Key and refuses it for other items", async () => {
    const player = await playerWithItems(2);
    const input = { userId: player.userId, inventoryItemIds: [player.items[0]!], addressId: player.address.id, idempotencyKey: "ship-1" };
    const first = await requestShipment(services(), input);
    expect(await requestShipment(services(), input)).toEqual(first);
    await expectAppError(requestShipment(services(), { ...input, inventoryItemIds: [player.items[1]!] }), "CONFLICT");
    expect(await db().ledgerEntry.count({ where: { userId: player.userId, kind: "SHIPPING_FEE" } })).toBe(1);
    await expectClean();
  });

  it("of a concurrent ship and sell of one item, exactly one wins", async () => {
    for (let round = 0; round < 5; round++) {
      const player = await playerWithItems(1);
      const [item] = player.items;
      const outcomes = await Promise.allSettled([
        requestShipment(services(), { userId: player.userId, inventoryItemIds: [item!], addressId: player.address.id }),
        sellInventoryItems(services(), { userId: player.userId, inventoryItemIds: [item!] }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const row = await db().inventoryItem.findUniqueOrThrow({ where: { id: item! } });
      expect(row.status).toBe(outcomes[0].status === "fulfilled" ? "REDEEMING" : "SOLD");
    }
    await expectClean();
  });

  it("of concurrent shipments of one item, exactly one wins", async () => {
    const player = await playerWithItems(1);
    const outcomes = await Promise.allSettled(
      [0, 1, 2].map(() =>
        requestShipment(services(), { userId: player.userId, inventoryItemIds: player.items, addressId: player.address.id }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await db().ledgerEntry.count({ where: { userId: player.userId, kind: "SHIPPING_FEE" } })).toBe(1);
    await expectClean();
  });
});

describe("moving a shipment", () => {
  it("follows the happy path to delivered, with a tracking link for a known carrier", async () => {
    const player = await playerWithItems(1);
    const { id } = await requestShipment(services(), {
      userId: player.userId,
      inventoryItemIds: player.items,
      addressId: player.address.id,
    });
    await moveShipment(services(), id, { ...operator, to: "APPROVED" });
    await expectAppError(cancelShipment(services(), player.userId, id), "CONFLICT");
    await expectAppError(moveShipment(services(), id, { ...operator, to: "SHIPPED", carrier: "UPS" }), "BAD_REQUEST");
    const shipped = await moveShipment(services(), id, {
      ...operator,
      to: "SHIPPED",
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(shipped.trackingUrl).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect((await db().inventoryItem.findUniqueOrThrow({ where: { id: player.items[0]! } })).status).toBe("SHIPPED");
    await moveShipment(services(), id, { ...operator, to: "DELIVERED" });
    expect((await getShipment(services(), player.userId, id)).state).toBe("DELIVERED");
    const events = await db().accountEvent.findMany({
      where: { userId: player.userId, type: { startsWith: "shipment." } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["shipment.requested", "shipment.approved", "shipment.shipped", "shipment.delivered"]);
    expect(await db().adminLog.count({ where: { targetId: id } })).toBe(3);
    await expectClean();
  });

  it("cancel and reject give the items and the fee back exactly once; returned gives only the items", async () => {
    const player = await playerWithItems(3);
    const start = await balance(player.userId);
    const ship = (index: number) =>
      requestShipment(services(), { userId: player.userId, inventoryItemIds: [player.items[index]!], addressId: player.address.id });

    const a = await ship(0);
    const cancels = await Promise.allSettled([
      cancelShipment(services(), player.userId, a.id),
      cancelShipment(services(), player.userId, a.id),
    ]);
    expect(cancels.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await balance(player.userId)).toBe(start);

    const b = await ship(1);
    await expectAppError(moveShipment(services(), b.id, { ...operator, to: "REJECTED" }), "BAD_REQUEST");
    const rejected = await moveShipment(services(), b.id, { ...operator, to: "REJECTED", reason: "Out of stock" });
    expect(rejected.reason).toBe("Out of stock");
    await expectAppError(moveShipment(services(), b.id, { ...operator, to: "REJECTED", reason: "again" }), "CONFLICT");
    expect(await balance(player.userId)).toBe(start);
    expect(await db().inventoryItem.count({ where: { id: { in: player.items.slice(0, 2) }, status: "HELD" } })).toBe(2);

    // The item of the cancelled shipment can be shipped again, and sold.
    const again = await ship(0);
    await moveShipment(services(), again.id, { ...operator, to: "APPROVED" });
    await moveShipment(services(), again.id, { ...operator, to: "SHIPPED", carrier: "Local Courier", trackingNumber: "X1" });
    const returned = await moveShipment(services(), again.id, { ...operator, to: "RETURNED" });
    expect(returned.trackingUrl).toBeNull();
    expect(await balance(player.userId)).toBe((Number(start) - 9.99).toFixed(2));
    await sellInventoryItems(services(), { userId: player.userId, inventoryItemIds: [player.items[0]!] });
    await expectClean();
  });

  it("refuses every move the table does not list, in every state", async () => {
    const player = await playerWithItems(0, "2000.00");
    const paths: Record<ShipmentState, ShipmentMoveInput[]> = {
      REQUESTED: [],
      APPROVED: [{ to: "APPROVED" }],
      SHIPPED: [{ to: "APPROVED" }, { to: "SHIPPED", carrier: "DHL", trackingNumber: "1" }],
      DELIVERED: [{ to: "APPROVED" }, { to: "SHIPPED", carrier: "DHL", trackingNumber: "1" }, { to: "DELIVERED" }],
      RETURNED: [{ to: "APPROVED" }, { to: "SHIPPED", carrier: "DHL", trackingNumber: "1" }, { to: "RETURNED" }],
      REJECTED: [{ to: "REJECTED", reason: "no" }],
      CANCELLED: [],
    };
    const all: ShipmentMoveInput[] = [
      { to: "APPROVED" },
      { to: "SHIPPED", carrier: "DHL", trackingNumber: "1" },
      { to: "DELIVERED" },
      { to: "RETURNED" },
      { to: "REJECTED", reason: "no" },
      { to: "CANCELLED" },
    ];
    for (const [state, path] of Object.entries(paths) as Array<[ShipmentState, ShipmentMoveInput[]]>) {
      for (const move of all) {
        for (const kind of ["player", "operator"] as const) {
          const item = (await openPack(services(), { userId: player.userId, idOrSlug: player.pack.slug })).inventoryItem.id;
          const { id } = await requestShipment(services(), {
            userId: player.userId,
            inventoryItemIds: [item],
            addressId: player.address.id,
          });
          for (const step of path) await moveShipment(services(), id, { ...operator, ...step });
          if (state === "CANCELLED") await cancelShipment(services(), player.userId, id);
          const mover = kind === "player" ? { kind, userId: player.userId } : operator;
          const allowed = SHIPMENT_TRANSITIONS[state][move.to] === kind;
          const attempt = moveShipment(services(), id, { ...mover, ...move });
          if (allowed) expect((await attempt).state, `${state} → ${move.to} by ${kind}`).toBe(move.to);
          else await expectAppError(attempt, "CONFLICT");
        }
      }
    }
    await expectClean();
  });

  it("a player cannot see or act on another's shipment or address", async () => {
    const owner = await playerWithItems(1);
    const other = await playerWithItems(1);
    const { id } = await requestShipment(services(), { userId: owner.userId, inventoryItemIds: owner.items, addressId: owner.address.id });
    await expectAppError(getShipment(services(), other.userId, id), "NOT_FOUND");
    await expectAppError(cancelShipment(services(), other.userId, id), "NOT_FOUND");
    expect((await listShipments(services(), { userId: other.userId })).shipments).toEqual([]);
    expect((await listShipments(services(), { userId: owner.userId })).shipments.map((s) => s.id)).toEqual([id]);
    await expectClean();
  });
});
