import { setShippingZoneAsAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setShippingZoneInput } from "./set-shipping-zone.types.ts";

export const setShippingZoneRoute = adminProcedure
  .input(setShippingZoneInput)
  .mutation(({ ctx, input }) => setShippingZoneAsAdmin(ctx.services, ctx.actor, input));
