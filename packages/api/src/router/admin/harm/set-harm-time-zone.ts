import { setHarmTimeZone } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setHarmTimeZoneInput } from "./harm-admin.types.ts";

export const setHarmTimeZoneRoute = adminProcedure
  .input(setHarmTimeZoneInput)
  .mutation(({ ctx, input }) => setHarmTimeZone(ctx.services, ctx.actor, input));
