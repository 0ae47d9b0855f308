import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { openPack } from "../open/open-pack.ts";
import { createAddress } from "../shipping/addresses.ts";
import { cancelShipment, moveShipment, requestShipment, type ShipmentMoveInput } from "../shipping/shipments.ts";
import { setShippingZone } from "../shipping/zones.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getReportShipping } from "./operator-reports.ts";

// Known shipments, known figures: this file's database is its own, so the site-wide sums are
// exactly the shipments made here. Fees: 9.99 to the US (the default zone), 14.50 to Canada.
const services = useTestServices();
const db = () => services().database.prisma;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const operator = { kind: "operator" as const, admin: CLI_ACTOR };

async function setUp() {
  await setShippingZone(db(), { country: "*", fee: "9.99" });
  await setShippingZone(db(), { country: "CA", fee: "14.50" });
  const only = (value: string) => [
    { key: "only", name: `Item ${value}`, rarity: "RARE" as const, value, image: "/images/test.svg", tickets: 100_000 },
  ];
  const cheap = await createTestPack(services(), { price: "2.80", items: only("2.50") });
  const dear = await createTestPack(services(), { price: "8.00", items: only("7.25") });
  const player = async (country: "US" | "CA") => {
    const user = await createTestUser(services(), { balance: "100.00" });
    const address = await createAddress(services(), user.userId, {
      name: "Jane Doe",
      line1: "1 Main St",
      city: "Springfield",
      ...(country === "US" ? { region: "IL", postalCode: "62701" } : { region: "ON", postalCode: "K1A 0B1" }),
      country,
    });
    const win = async (pack: { slug: string }) =>
      (await openPack(services(), { userId: user.userId, idOrSlug: pack.slug })).inventoryItem.id;
    const ship = (...inventoryItemIds: string[]) =>
      requestShipment(services(), { userId: user.userId, inventoryItemIds, addressId: address.id });
    return { userId: user.userId, win, ship };
  };
  const move = async (id: string, ...moves: ShipmentMoveInput[]) => {
    for (const next of moves) await moveShipment(services(), id, { ...operator, ...next });
  };
  const toShipped: ShipmentMoveInput[] = [{ to: "APPROVED" }, { to: "SHIPPED", carrier: "UPS", trackingNumber: "1Z999AA10123456784" }];

  const us = await player("US");
  const ca = await player("CA");
  const late = await player("US");

  // Shipped today and delivered: 2.50 + 7.25 to the US.
  const delivered = await us.ship(await us.win(cheap), await us.win(dear));
  await move(delivered.id, ...toShipped, { to: "DELIVERED" });
  // Shipped today and returned: it left the warehouse, so it counts; the fee stays charged.
  const returned = await ca.ship(await ca.win(dear));
  await move(returned.id, ...toShipped, { to: "RETURNED" });
  // Cancelled by the player (9.99 back) and rejected by the operator (14.50 back).
  const cancelled = await us.ship(await us.win(cheap));
  await cancelShipment(services(), us.userId, cancelled.id);
  const rejected = await ca.ship(await ca.win(cheap));
  await move(rejected.id, { to: "REJECTED", reason: "Out of stock" });
  // Requested and waiting: its fee is charged, nothing shipped yet.
  await us.ship(await us.win(dear));
  // Requested, shipped and charged three days ago.
  const earlier = await late.ship(await late.win(cheap));
  await move(earlier.id, ...toShipped);
  await db().$executeRaw`UPDATE shipment SET "shippedAt" = "shippedAt" - interval '3 days' WHERE id = ${earlier.id}`;
  await db().$executeRaw`UPDATE ledger_entry SET "createdAt" = "createdAt" - interval '3 days' WHERE "shipmentId" = ${earlier.id}`;
}

describe("getReportShipping", () => {
  it("sums the shipments that left the warehouse and the fees charged and refunded, exactly", async () => {
    await setUp();

    // Today: delivered (2 items, 9.75) and returned (1 item, 7.25) shipped. Fees charged
    // 9.99 + 14.50 + 9.99 + 14.50 + 9.99 = 58.97, refunded 9.99 + 14.50 = 24.49.
    expect(await getReportShipping(services(), { from: day(0), to: day(0) })).toEqual({
      from: day(0),
      to: day(0),
      shipped: { shipments: 2, items: 3, value: "17.00" },
      fees: { charged: "58.97", refunded: "24.49", net: "34.48" },
    });
    // Four days add the earlier shipment: one 2.50 item and its 9.99 fee.
    expect(await getReportShipping(services(), { from: day(-3), to: day(0) })).toMatchObject({
      shipped: { shipments: 3, items: 4, value: "19.50" },
      fees: { charged: "68.96", refunded: "24.49", net: "44.47" },
    });
    expect(await getReportShipping(services(), { from: day(-10), to: day(-5) })).toMatchObject({
      shipped: { shipments: 0, items: 0, value: "0.00" },
      fees: { charged: "0.00", refunded: "0.00", net: "0.00" },
    });
    expect((await auditInvariants(services(), { demoMode: true })).breaches).toEqual([]);
  });

  it("refuses a bad range", async () => {
    await expectAppError(getReportShipping(services(), { from: day(0), to: day(-1) }), "BAD_REQUEST");
  });
});
