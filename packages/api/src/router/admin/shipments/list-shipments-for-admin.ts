import { listShipmentsForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listShipmentsForAdminInput } from "./list-shipments-for-admin.types.ts";

/** The fulfilment queue (with each shipment's address: admins see it, to pack and ship). */
export const listShipmentsForAdminRoute = adminProcedure
  .input(listShipmentsForAdminInput)
  .query(({ ctx, input }) => listShipmentsForAdmin(ctx.services, input));
