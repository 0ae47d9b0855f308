import { beforeAll, describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { ERASED, eraseExpiredAddresses } from "./address-erasure.ts";
import { createAddress, deleteAddress, listAddresses } from "./addresses.ts";
import { cancelShipment, getShipment, moveShipment, requestShipment } from "./shipments.ts";
import { setShippingZone } from "./zones.ts";

const services = useTestServices();
const db = () => services().database.prisma;
const sql = () => services().database.sql;
const operator = { kind: "operator" as const, admin: CLI_ACTOR };

const ADDRESS = {
  name: "Jane Doe",
  line1: "1 Main St",
  line2: "Apt 4",
  city: "Springfield",
  region: "IL",
  postalCode: "62701",
  country: "US",
  phone: "+1 555 0100",
};
const ERASED_FIELDS = {
  name: ERASED,
  line1: ERASED,
  line2: null,
  city: ERASED,
  region: null,
  postalCode: null,
  phone: null,
  country: "US",
};

async function player(items: number) {
  const pack = await createTestPack(services(), {
    price: "2.80",
    items: [{ key: "only", name: "Only Item", rarity: "RARE", value: "2.50", image: "/images/test.svg", tickets: 100_000 }],
  });
  const user = await createTestUser(services(), { balance: "50.00" });
  const ids: string[] = [];
  for (let i = 0; i < items; i++) ids.push((await openPack(services(), { userId: user.userId, idOrSlug: pack.slug })).inventoryItem.id);
  const address = await createAddress(services(), user.userId, ADDRESS);
  const ship = (item: string) => requestShipment(services(), { userId: user.userId, inventoryItemIds: [item], addressId: address.id });
  return { userId: user.userId, items: ids, address, ship };
}

async function deliver(id: string) {
  await moveShipment(services(), id, { ...operator, to: "APPROVED" });
  await moveShipment(services(), id, { ...operator, to: "SHIPPED", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  await moveShipment(services(), id, { ...operator, to: "DELIVERED" });
}

/** Moves the shipment's finish back by `days` (as if it had finished then). */
async function finishedDaysAgo(id: string, days: number) {
  await sql().query(
    `UPDATE shipment SET "deliveredAt" = CASE WHEN "deliveredAt" IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END,
       "closedAt" = CASE WHEN "closedAt" IS NULL THEN NULL ELSE now() - make_interval(days => $2::int) END WHERE id = $1`,
    [id, days],
  );
}

const addressRow = (id: string) => db().address.findUniqueOrThrow({ where: { id } });
const copy = async (userId: string, id: string) => (await getShipment(services(), userId, id)).address;

async function expectClean() {
  expect((await auditInvariants(services(), { demoMode: true })).breaches).toEqual([]);
}

describe("eraseExpiredAddresses", () => {
  beforeAll(async () => {
    await setShippingZone(db(), { country: "*", fee: "9.99" });
  });

  it("erases an address and its shipments' copies after the retention, not before", async () => {
    const p = await player(2);
    const a = await p.ship(p.items[0]!);
    const b = await p.ship(p.items[1]!);
    await deliver(a.id);
    await cancelShipment(services(), p.userId, b.id);
    await finishedDaysAgo(a.id, 100);
    await finishedDaysAgo(b.id, 89); // the last shipment finished 89 days ago: kept
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    expect(await addressRow(p.address.id)).toMatchObject({ ...ADDRESS, erasedAt: null, deletedAt: null });
    expect(await copy(p.userId, a.id)).toMatchObject(ADDRESS);
    expect(await copy(p.userId, b.id)).toMatchObject(ADDRESS);

    await finishedDaysAgo(b.id, 91);
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    const erased = await addressRow(p.address.id);
    expect(erased).toMatchObject(ERASED_FIELDS);
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.deletedAt).not.toBeNull();
    expect(await copy(p.userId, a.id)).toEqual(ERASED_FIELDS);
    expect(await copy(p.userId, b.id)).toEqual(ERASED_FIELDS);
    expect(await listAddresses(services(), p.userId)).toEqual([]);
    await expectAppError(p.ship(p.items[1]!), "NOT_FOUND");

    // The operator's retention decides: 120 days keeps what 90 would erase.
    const q = await player(1);
    const c = await q.ship(q.items[0]!);
    await deliver(c.id);
    await finishedDaysAgo(c.id, 100);
    await eraseExpiredAddresses(services(), { retentionDays: 120 });
    expect(await copy(q.userId, c.id)).toMatchObject(ADDRESS);
    await expectClean();
  });

  it("never erases an address an unfinished shipment uses", async () => {
    const p = await player(2);
    const old = await p.ship(p.items[0]!);
    await deliver(old.id);
    await finishedDaysAgo(old.id, 200);
    const open = await p.ship(p.items[1]!);
    await deleteAddress(services(), p.userId, p.address.id); // deleted by its owner, but still in use
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    expect(await addressRow(p.address.id)).toMatchObject({ ...ADDRESS, erasedAt: null });
    expect(await copy(p.userId, old.id)).toMatchObject(ADDRESS);
    expect(await copy(p.userId, open.id)).toMatchObject(ADDRESS);

    // Finished now: the address row goes at once (deleted), the copies after the retention.
    await deliver(open.id);
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    expect(await addressRow(p.address.id)).toMatchObject(ERASED_FIELDS);
    expect(await copy(p.userId, open.id)).toMatchObject(ADDRESS);
    await finishedDaysAgo(open.id, 91);
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    expect(await copy(p.userId, old.id)).toEqual(ERASED_FIELDS);
    expect(await copy(p.userId, open.id)).toEqual(ERASED_FIELDS);
    await expectClean();
  });

  it("erases a deleted address no shipment uses at once, and keeps a saved one", async () => {
    const p = await player(0);
    const kept = await createAddress(services(), p.userId, { ...ADDRESS, name: "John Doe" });
    await deleteAddress(services(), p.userId, p.address.id);
    await eraseExpiredAddresses(services(), { retentionDays: 90 });
    expect(await addressRow(p.address.id)).toMatchObject(ERASED_FIELDS);
    expect(await addressRow(kept.id)).toMatchObject({ name: "John Doe", erasedAt: null });
    expect((await listAddresses(services(), p.userId)).map((a) => a.id)).toEqual([kept.id]);
  });

  it("is idempotent, run twice or by two callers at once", async () => {
    const players = await Promise.all([player(1), player(1), player(1)]);
    const shipments = [];
    for (const p of players) {
      const s = await p.ship(p.items[0]!);
      await deliver(s.id);
      await finishedDaysAgo(s.id, 95);
      shipments.push(s);
    }
    await Promise.all([eraseExpiredAddresses(services(), { retentionDays: 90 }), eraseExpiredAddresses(services(), { retentionDays: 90 })]);
    const first = await Promise.all(players.map((p) => addressRow(p.address.id)));
    for (const row of first) expect(row).toMatchObject(ERASED_FIELDS);
    expect(await eraseExpiredAddresses(services(), { retentionDays: 90 })).toBe(0);
    expect(await Promise.all(players.map((p) => addressRow(p.address.id)))).toEqual(first);
    for (const [i, s] of shipments.entries()) expect(await copy(players[i]!.userId, s.id)).toEqual(ERASED_FIELDS);
    await expectClean();
  });
});
