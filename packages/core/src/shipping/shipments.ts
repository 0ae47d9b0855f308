import { z } from "zod";
import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { assertIdempotencyKey } from "../idempotency-key.ts";
import { afterPageCursor, newestFirst, pageLimit, toPage } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import type { Shipment, ShipmentEventData, ShipmentPage, ShipmentState } from "../contract/shipping.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { addressSnapshot } from "./addresses.ts";
import { canTransition, itemStatusIn, refundsFee } from "./shipment-states.ts";
import { trackingUrl } from "./tracking.ts";
import { findShippingFee } from "./zones.ts";

export const MAX_ITEMS_PER_SHIPMENT = 100;
export const SHIPMENT_PAGE_SIZE = 20;

const shipmentInclude = {
  items: { include: { inventoryItem: { select: { id: true, value: true, item: { select: { name: true } } } } } },
} as const;
type ShipmentRow = Prisma.ShipmentGetPayload<{ include: typeof shipmentInclude }>;

function shipmentEventData(row: ShipmentRow): ShipmentEventData {
  return {
    id: row.id,
    state: row.state,
    fee: formatMoney(row.fee),
    country: row.country,
    addressId: row.addressId,
    items: row.items
      .map((entry) => ({ id: entry.inventoryItem.id, name: entry.inventoryItem.item.name, value: formatMoney(entry.inventoryItem.value) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function shipmentView(row: ShipmentRow): Shipment {
  return { ...shipmentEventData(row), address: row.addressSnapshot as Shipment["address"] };
}

async function loadShipment(db: DbTx, id: string): Promise<ShipmentRow> {
  return db.shipment.findUniqueOrThrow({ where: { id }, include: shipmentInclude });
}

export const RequestShipmentInputSchema = z.object({
  inventoryItemIds: z
    .array(IdSchema)
    .min(1)
    .max(MAX_ITEMS_PER_SHIPMENT)
    .refine((ids) => new Set(ids).size === ids.length, "inventoryItemIds must not repeat an id"),
  addressId: IdSchema,
  expectedFee: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'expectedFee: must be an amount like "9.99"')
    .optional()
    .meta({
      description:
        "The fee the player was shown (GET /v1/shipping/quote). When given and the fee is now another, nothing is debited: 409, ask again.",
      example: "9.99",
    }),
});

export interface RequestShipmentInput {
  userId: string;
  inventoryItemIds: string[];
  addressId: string;
  expectedFee?: string;
  /** Same key, same account: the first shipment is returned and nothing more is debited. */
  idempotencyKey?: string;
}

/**
 * Requests delivery of held items to a saved address, for one flat fee (its country's zone):
 * the items move to REDEEMING, the fee is debited (one SHIPPING_FEE entry) and the shipment is
 * created, all in one transaction. All or nothing: an item that is not the caller's is a 404,
 * one that does not ship a 400, one not HELD (sold, or in a shipment) a 409.
 *
 * Concurrency: the conditional UPDATE locks each item (in id order, as selling does, so the two
 * cannot deadlock) and re-checks status = 'HELD' after any wait: of a sale and a shipment of
 * one item, exactly one gets the row and the other sees it SOLD or REDEEMING and rolls back.
 * The partial unique index on shipment_item (one active shipment per item) backs this in the
 * schema. The debit is conditional on the balance, so it never goes negative.
 *
 * Player protection: a shipping fee is postage for a prize already won, not a wager or a
 * deposit, so limits and exclusions do not refuse it (an excluded player still gets their goods).
 */
export async function requestShipment(services: Deps, input: RequestShipmentInput): Promise<Shipment> {
  const { userId, idempotencyKey } = input;
  const { inventoryItemIds: ids, addressId, expectedFee } = parseInputOrThrow(RequestShipmentInputSchema, input);
  assertIdempotencyKey(idempotencyKey);
  const db = services.database.prisma;
  const replay = async () => {
    if (idempotencyKey === undefined) return null;
    const row = await db.shipment.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } }, include: shipmentInclude });
    if (!row) return null;
    const sameItems = row.items.length === ids.length && row.items.every((entry) => ids.includes(entry.inventoryItemId));
    if (!sameItems || row.addressId !== addressId) {
      throw new AppError("CONFLICT", "This Idempotency-Key was used for another shipment.");
    }
    return shipmentView(row);
  };
  const earlier = await replay();
  if (earlier) return earlier;

  // No turn taken here: the procedure runs in the account's turn already (accountMutationProcedure),
  // and the locks below are what make concurrent requests safe across instances.
  try {
    return await db.$transaction((tx) => recordShipment(tx, userId, { ids, addressId, expectedFee }, idempotencyKey));
  } catch (error) {
    // A concurrent request with the same key (another instance) created it first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002" && idempotencyKey !== undefined) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}

async function recordShipment(
  tx: DbTx,
  userId: string,
  { ids, addressId, expectedFee }: { ids: string[]; addressId: string; expectedFee: string | undefined },
  idempotencyKey: string | undefined,
) {
  // Held until commit: the address erasure (address-erasure.ts) skips it, or erased it first and it is gone here.
  await tx.$queryRaw`SELECT 1 FROM address WHERE id = ${addressId} FOR SHARE`;
  const address = await tx.address.findFirst({ where: { id: addressId, userId, deletedAt: null, erasedAt: null } });
  if (!address) throw new AppError("NOT_FOUND", `Address "${addressId}" was not found.`);
  const fee = await findShippingFee(tx, address.country);
  if (fee === null) throw new AppError("BAD_REQUEST", `We do not ship to ${address.country}.`);
  // The fee the player confirmed, read in the transaction that debits: an operator's change in between is never charged unseen.
  if (expectedFee !== undefined && !parseMoney(expectedFee).equals(fee)) {
    throw new AppError(
      "CONFLICT",
      `The shipping fee to ${address.country} is now ${displayMoney(formatMoney(fee))}, not ${displayMoney(formatMoney(parseMoney(expectedFee)))}: nothing was charged; confirm the new fee.`,
    );
  }

  // Rows are locked in id order, so two requests (or a sale) over overlapping sets cannot deadlock.
  const moved = await tx.$queryRaw<Array<{ id: string }>>`
      WITH target AS (
        SELECT i.id FROM inventory_item i JOIN pack_item p ON p.id = i."itemId"
        WHERE i.id = ANY(${ids}::text[]) AND i."userId" = ${userId} AND i.status = 'HELD' AND p.ships
        ORDER BY i.id
        FOR NO KEY UPDATE OF i
      )
      UPDATE inventory_item i SET status = 'REDEEMING'
      FROM target WHERE i.id = target.id AND i.status = 'HELD'
      RETURNING i.id`;
  if (moved.length !== ids.length) {
    const movedIds = new Set(moved.map((row) => row.id));
    await throwWhyNotShippable(
      tx,
      userId,
      ids.filter((id) => !movedIds.has(id)),
    );
  }

  const [wallet] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
      UPDATE wallet SET balance = balance - ${fee.toFixed(2)}::numeric, "updatedAt" = now()
      WHERE "userId" = ${userId} AND balance >= ${fee.toFixed(2)}::numeric
      RETURNING balance`;
  if (!wallet) throw new AppError("INSUFFICIENT_BALANCE", `The shipping fee is ${formatMoney(fee)}; the balance is too low.`);
  const balance = new Prisma.Decimal(wallet.balance);

  const id = newId();
  await tx.shipment.create({
    data: {
      id,
      userId,
      addressId,
      addressSnapshot: addressSnapshot(address),
      country: address.country,
      fee,
      idempotencyKey: idempotencyKey ?? null,
      items: { create: ids.map((inventoryItemId) => ({ inventoryItemId })) },
    },
  });
  await tx.ledgerEntry.create({ data: { userId, kind: "SHIPPING_FEE", amount: fee.negated(), balanceAfter: balance, shipmentId: id } });

  const row = await loadShipment(tx, id);
  await recordAccountEvent(tx, userId, "shipment.requested", shipmentEventData(row));
  await recordAccountEvent(tx, userId, "wallet.changed", walletChange(balance, fee.negated(), "SHIPPING_FEE"));
  return shipmentView(row);
}

/** Explains the first item that could not be shipped; throwing rolls the request back. */
async function throwWhyNotShippable(tx: DbTx, userId: string, refused: string[]): Promise<never> {
  const found = await tx.inventoryItem.findMany({
    where: { id: { in: refused }, userId },
    select: { id: true, status: true, item: { select: { ships: true } } },
  });
  const missing = refused.find((id) => !found.some((item) => item.id === id));
  if (missing !== undefined) throw new AppError("NOT_FOUND", `Inventory item "${missing}" was not found.`);
  const digital = found.find((item) => !item.item.ships);
  if (digital) throw new AppError("BAD_REQUEST", `Inventory item "${digital.id}" does not ship; it can only be sold.`);
  const item = found[0]!;
  const why = item.status === "SOLD" ? "was already sold" : item.status === "HELD" ? "is busy; try again" : "is already in a shipment";
  throw new AppError("CONFLICT", `Inventory item "${item.id}" ${why}.`);
}

export const ShipShipmentInputSchema = z.object({
  carrier: StorableText.transform((text) => text.trim()).pipe(z.string().min(1).max(50)),
  trackingNumber: StorableText.transform((text) => text.trim()).pipe(z.string().min(1).max(100)),
});
export const RejectShipmentInputSchema = z.object({
  reason: StorableText.transform((text) => text.trim()).pipe(z.string().min(1).max(500)),
});

export type ShipmentMove =
  | { to: "APPROVED" | "DELIVERED" | "RETURNED" }
  | { to: "CANCELLED" }
  | { to: "REJECTED"; reason: string }
  | { to: "SHIPPED"; carrier: string; trackingNumber: string };

/** The player (their own shipment only; others' are a 404) or an operator. */
export type ShipmentMover = { kind: "player"; userId: string } | { kind: "operator"; admin: AdminActor };

const EVENT_OF = {
  APPROVED: "shipment.approved",
  SHIPPED: "shipment.shipped",
  DELIVERED: "shipment.delivered",
  REJECTED: "shipment.rejected",
  CANCELLED: "shipment.cancelled",
  RETURNED: "shipment.returned",
} as const satisfies Partial<Record<ShipmentState, string>>;

/**
 * Moves a shipment to its next state, by the one table in shipment-states.ts (a refused move
 * is a 409). Leaving the active states (cancelled, rejected, returned) gives the items back
 * (HELD); cancelled and rejected also refund the fee, once: the shipment row is locked first,
 * so two concurrent moves run one after the other and the second sees the new state and is
 * refused; the unique (shipmentId, kind) on ledger_entry backs "once" in the schema.
 */
export async function moveShipment(services: Deps, shipmentId: string, move: ShipmentMover & ShipmentMoveInput): Promise<Shipment> {
  const db = services.database.prisma;
  const details = parseShipmentMove(move);
  return db.$transaction((tx) => moveShipmentIn(services, tx, shipmentId, move, details));
}

/** moveShipment in the caller's transaction (the console's once-per-request claim: runAdminMutation). */
export function moveShipmentInTransaction(
  services: Deps,
  shipmentId: string,
  move: ShipmentMover & ShipmentMoveInput,
  { tx }: { tx: DbTx },
): Promise<Shipment> {
  return moveShipmentIn(services, tx, shipmentId, move, parseShipmentMove(move));
}

async function moveShipmentIn(services: Deps, tx: DbTx, shipmentId: string, move: ShipmentMover, details: ShipmentMove): Promise<Shipment> {
  const [locked] = await tx.$queryRaw<Array<{ userId: string; state: ShipmentState; fee: Prisma.Decimal }>>`
      SELECT "userId", state::text AS state, fee FROM shipment WHERE id = ${shipmentId} FOR UPDATE`;
  if (!locked || (move.kind === "player" && locked.userId !== move.userId)) {
    throw new AppError("NOT_FOUND", `Shipment "${shipmentId}" was not found.`);
  }
  // As with withdrawals: an admin's own prizes are another admin's to send.
  if (move.kind === "operator" && move.admin.id && move.admin.id === locked.userId) {
    throw new AppError("FORBIDDEN", "An admin cannot decide their own shipment: another admin must.");
  }
  const { to } = details;
  if (!canTransition(locked.state, to, move.kind)) {
    throw new AppError("CONFLICT", `Shipment "${shipmentId}" is ${locked.state.toLowerCase()}; it cannot be ${EVENT_OF[to].slice(9)} now.`);
  }
  const now = new Date();
  await tx.shipment.update({
    where: { id: shipmentId },
    data: {
      state: to,
      ...(to === "APPROVED" && { approvedAt: now }),
      ...(details.to === "SHIPPED" && { shippedAt: now, carrier: details.carrier, trackingNumber: details.trackingNumber }),
      ...(to === "DELIVERED" && { deliveredAt: now }),
      ...(details.to === "REJECTED" && { reason: details.reason }),
      ...(itemStatusIn(to) === null && { closedAt: now }),
    },
  });

  const itemStatus = itemStatusIn(to);
  if (itemStatus === null) {
    await tx.$executeRaw`
        UPDATE inventory_item SET status = 'HELD'
        WHERE id IN (SELECT "inventoryItemId" FROM shipment_item WHERE "shipmentId" = ${shipmentId})`;
    await tx.shipmentItem.updateMany({ where: { shipmentId }, data: { active: false } });
  } else {
    await tx.$executeRaw`
        UPDATE inventory_item SET status = ${itemStatus}::"InventoryStatus"
        WHERE id IN (SELECT "inventoryItemId" FROM shipment_item WHERE "shipmentId" = ${shipmentId})`;
  }

  const userId = locked.userId;
  let refunded: Prisma.Decimal | null = null;
  if (refundsFee(to)) {
    const fee = new Prisma.Decimal(locked.fee);
    const [wallet] = await tx.$queryRaw<Array<{ balance: Prisma.Decimal }>>`
        UPDATE wallet SET balance = balance + ${fee.toFixed(2)}::numeric, "updatedAt" = now()
        WHERE "userId" = ${userId} RETURNING balance`;
    if (!wallet) throw new Error(`Account ${userId} has a shipment but no wallet.`);
    refunded = new Prisma.Decimal(wallet.balance);
    await tx.ledgerEntry.create({ data: { userId, kind: "SHIPPING_REFUND", amount: fee, balanceAfter: refunded, shipmentId } });
  }

  if (move.kind === "operator") {
    await writeAdminLog(
      services,
      move.admin,
      {
        action: EVENT_OF[to],
        targetType: "shipment",
        targetId: shipmentId,
        before: { state: locked.state },
        after: {
          state: to,
          ...(details.to === "SHIPPED" && { carrier: details.carrier, trackingNumber: details.trackingNumber }),
          ...(details.to === "REJECTED" && { reason: details.reason }),
        },
      },
      { tx },
    );
  }

  const row = await loadShipment(tx, shipmentId);
  await recordAccountEvent(tx, userId, EVENT_OF[to], shipmentEventData(row));
  if (refunded) await recordAccountEvent(tx, userId, "wallet.changed", walletChange(refunded, locked.fee, "SHIPPING_REFUND"));
  return shipmentView(row);
}

export type ShipmentMoveInput =
  | { to: "APPROVED" | "DELIVERED" | "RETURNED" | "CANCELLED" }
  | { to: "REJECTED"; reason?: unknown }
  | { to: "SHIPPED"; carrier?: unknown; trackingNumber?: unknown };

/** Checks a move's own fields (a rejection's reason, a shipment's carrier and tracking number). */
export function parseShipmentMove(move: ShipmentMoveInput): ShipmentMove {
  if (move.to === "REJECTED") return { to: "REJECTED", ...parseInputOrThrow(RejectShipmentInputSchema, { reason: move.reason }) };
  if (move.to === "SHIPPED") {
    return { to: "SHIPPED", ...parseInputOrThrow(ShipShipmentInputSchema, { carrier: move.carrier, trackingNumber: move.trackingNumber }) };
  }
  return { to: move.to };
}

/** The player cancels their own shipment, until the operator approves it. */
export function cancelShipment(services: Deps, userId: string, shipmentId: string): Promise<Shipment> {
  return moveShipment(services, shipmentId, { kind: "player", userId, to: "CANCELLED" });
}

export async function getShipment(services: Deps, userId: string, id: string): Promise<Shipment> {
  const db = services.database.prisma;
  const row = await db.shipment.findFirst({ where: { id, userId }, include: shipmentInclude });
  if (!row) throw new AppError("NOT_FOUND", `Shipment "${id}" was not found.`);
  return shipmentView(row);
}

export async function listShipments(
  services: Deps,
  { userId, cursor, limit }: { userId: string; cursor?: string; limit?: number },
): Promise<ShipmentPage> {
  const db = services.database.prisma;
  const take = pageLimit(limit, SHIPMENT_PAGE_SIZE);
  const rows = await db.shipment.findMany({
    where: { userId, ...afterPageCursor(cursor) },
    orderBy: newestFirst,
    take: take + 1,
    include: shipmentInclude,
  });
  const page = toPage(rows, take);
  return { shipments: page.rows.map(shipmentView), nextCursor: page.nextCursor };
}

export interface AdminShipment extends Omit<Shipment, "items"> {
  userId: string;
  email: string;
  /** As the player sees them, and the pack each was won from (for the packing list). */
  items: Array<Shipment["items"][number] & { pack: string }>;
}

const adminShipmentInclude = {
  items: {
    include: {
      inventoryItem: { select: { id: true, value: true, item: { select: { name: true, pack: { select: { name: true } } } } } },
    },
  },
  user: { select: { email: true } },
} as const;

/**
 * The fulfilment queue: shipments in a state (all when none), oldest first, optionally only
 * those older than some hours or only those named (a packing list).
 */
export async function listShipmentsForAdmin(
  services: Deps,
  { ids, state, olderThanHours, limit = 100 }: { ids?: string[]; state?: ShipmentState; olderThanHours?: number; limit?: number },
): Promise<AdminShipment[]> {
  const db = services.database.prisma;
  const rows = await db.shipment.findMany({
    where: {
      ...(ids && { id: { in: ids } }),
      ...(state && { state }),
      ...(olderThanHours !== undefined && { createdAt: { lt: new Date(Date.now() - olderThanHours * 3_600_000) } }),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: pageLimit(limit, 100, 500),
    include: adminShipmentInclude,
  });
  return rows.map((row) => {
    const packOf = new Map(row.items.map((entry) => [entry.inventoryItem.id, entry.inventoryItem.item.pack.name]));
    const shipment = shipmentView(row);
    return {
      ...shipment,
      items: shipment.items.map((item) => ({ ...item, pack: packOf.get(item.id) ?? "" })),
      userId: row.userId,
      email: row.user.email,
    };
  });
}
