import { z } from "zod";
import type { Deps } from "../runtime/deps.ts";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeyed, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema } from "../contract/fields.ts";
import { ShipmentStateSchema, type Shipment } from "../contract/shipping.ts";
import { moveShipmentInTransaction, parseShipmentMove } from "./shipments.ts";
import { deleteShippingZone, setShippingZone, ShippingZoneSchema, type ShippingZone } from "./zones.ts";

/** The most shipments one console request moves: the queue shows at most this many, and "select all shown" takes them. */
export const MAX_SHIPMENTS_PER_MOVE = 100;

/** The console's fulfilment queue: filter by state and age; or the shipments named (a packing list). */
export const AdminShipmentFilterSchema = z.object({
  ids: z.array(IdSchema).min(1).max(MAX_SHIPMENTS_PER_MOVE).optional(),
  state: ShipmentStateSchema.optional(),
  olderThanHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

/** One move applied to a selection of shipments (one shipment is a selection of one). */
export const MoveShipmentsSchema = RequestKeyed.extend({
  ids: z.array(IdSchema).min(1).max(MAX_SHIPMENTS_PER_MOVE),
  to: z.enum(["APPROVED", "REJECTED", "SHIPPED", "DELIVERED", "RETURNED"]),
  reason: z.string().optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
});

export interface SkippedShipment {
  id: string;
  /** Why this one did not move: the refusal the single move would have answered. */
  reason: string;
}

export interface MovedShipments {
  moved: Shipment[];
  skipped: SkippedShipment[];
}

/**
 * Moves each selected shipment by the single move's rule, each in its own transaction: one that
 * can no longer move (cancelled meanwhile, already decided, the admin's own) is skipped with the
 * refusal's message and the others still move, so one stale row does not hold back a queue.
 * The move itself (reason, carrier) is checked once first: a bad one refuses the whole request.
 *
 * Once per request key still holds, per shipment: each move claims (key, shipment id), so a
 * resubmission (a retry after a timeout that had moved half) replays the moved ones and tries
 * only the rest again.
 */
export async function moveShipmentsAsAdmin(services: Deps, actor: AdminActor, input: unknown): Promise<MovedShipments> {
  const db = services.database.prisma;
  const { requestKey, ids, ...move } = parseInputOrThrow(MoveShipmentsSchema, input);
  parseShipmentMove(move);
  const action = `shipment.${move.to.toLowerCase()}`;
  const selection = [...new Set(ids)];
  // The key's own claim, before any part's: it pins the selection and the move, so the key
  // replayed for other shipments (whose parts it never claimed) is refused, not applied.
  const request = { ids: selection.toSorted(), ...move };
  await runAdminMutation(db, actor, { requestKey, action, request }, async () => ({ ids: request.ids }));
  const result: MovedShipments = { moved: [], skipped: [] };
  for (const id of selection) {
    try {
      const shipment = await runAdminMutation(db, actor, { requestKey, action, request, part: id }, (tx) =>
        moveShipmentInTransaction(services, id, { kind: "operator", admin: actor, ...move }, { tx }),
      );
      result.moved.push(shipment);
    } catch (error) {
      // Refusals are the shipment's own; anything else (the database gone) answers the request.
      if (!(error instanceof AppError)) throw error;
      result.skipped.push({ id, reason: error.message });
    }
  }
  return result;
}

export const SetShippingZoneSchema = RequestKeyed.partial().extend(ShippingZoneSchema.shape);

export async function setShippingZoneAsAdmin(services: Deps, actor: AdminActor, input: unknown): Promise<ShippingZone> {
  const db = services.database.prisma;
  const { requestKey, ...zone } = parseInputOrThrow(SetShippingZoneSchema, input);
  return runAdminMutation(db, actor, { requestKey, action: "shipping.zone_set", request: zone }, async (tx) => {
    const { before, after } = await setShippingZone(tx, zone);
    await writeAdminLog(
      services,
      actor,
      { action: "shipping.zone_set", targetType: "shipping_zone", targetId: after.country, before, after },
      { tx },
    );
    return after;
  });
}

export const DeleteShippingZoneSchema = RequestKeyed.partial().extend({ country: z.string().min(1).max(2) });

export async function deleteShippingZoneAsAdmin(services: Deps, actor: AdminActor, input: unknown): Promise<ShippingZone> {
  const db = services.database.prisma;
  const { requestKey, country } = parseInputOrThrow(DeleteShippingZoneSchema, input);
  return runAdminMutation(db, actor, { requestKey, action: "shipping.zone_deleted", request: { country } }, async (tx) => {
    const before = await deleteShippingZone(tx, country);
    await writeAdminLog(
      services,
      actor,
      { action: "shipping.zone_deleted", targetType: "shipping_zone", targetId: country, before },
      { tx },
    );
    return before;
  });
}
