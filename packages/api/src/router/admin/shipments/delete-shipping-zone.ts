import { deleteShippingZoneAsAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { deleteShippingZoneInput } from "./delete-shipping-zone.types.ts";

export const deleteShippingZoneRoute = adminProcedure
  .input(deleteShippingZoneInput)
  .mutation(({ ctx, input }) => deleteShippingZoneAsAdmin(ctx.services, ctx.actor, input));
