import { z } from "zod";
import type { Services } from "../runtime/services.ts";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeyed, runAdminMutation } from "../admin-log/admin-request.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema, ShipmentStateSchema, type Shipment } from "../schemas.ts";
import { moveShipmentInTransaction } from "./shipments.ts";
import { deleteShippingZone, setShippingZone, ShippingZoneSchema, type ShippingZone } from "./zones.ts";

/** The console's fulfilment queue: filter by state and age. */
export const AdminShipmentFilterSchema = z.object({
  state: ShipmentStateSchema.optional(),
  olderThanHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

/** One move applied to one or many shipments, all or nothing (a refused one rolls the batch back). */
export const MoveShipmentsSchema = RequestKeyed.extend({
  ids: z.array(IdSchema).min(1).max(200),
  to: z.enum(["APPROVED", "REJECTED", "SHIPPED", "DELIVERED", "RETURNED"]),
  reason: z.string().optional(),
  carrier: z.string().optional(),
  trackingNumber: z.string().optional(),
});

export async function moveShipmentsAsAdmin(services: Services, actor: AdminActor, input: unknown): Promise<Shipment[]> {
  const db = services.database.prisma;
  const { requestKey, ids, ...move } = parseInputOrThrow(MoveShipmentsSchema, input);
  return runAdminMutation(db, actor, { requestKey, action: `shipment.${move.to.toLowerCase()}` }, async (tx) => {
    const moved: Shipment[] = [];
    for (const id of [...new Set(ids)].sort())
      moved.push(await moveShipmentInTransaction(services, id, { kind: "operator", admin: actor, ...move }, { tx }));
    return moved;
  });
}

export const SetShippingZoneSchema = RequestKeyed.partial().extend(ShippingZoneSchema.shape);

export async function setShippingZoneAsAdmin(services: Services, actor: AdminActor, input: unknown): Promise<ShippingZone> {
  const db = services.database.prisma;
  const { requestKey, ...zone } = parseInputOrThrow(SetShippingZoneSchema, input);
  return runAdminMutation(db, actor, { requestKey, action: "shipping.zone_set" }, async (tx) => {
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

export async function deleteShippingZoneAsAdmin(services: Services, actor: AdminActor, input: unknown): Promise<ShippingZone> {
  const db = services.database.prisma;
  const { requestKey, country } = parseInputOrThrow(DeleteShippingZoneSchema, input);
  return runAdminMutation(db, actor, { requestKey, action: "shipping.zone_deleted" }, async (tx) => {
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
