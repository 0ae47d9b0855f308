import { listShippingZones } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

export const listShippingZonesRoute = adminProcedure.query(({ ctx }) => listShippingZones(ctx.services));
