import { lowerHarmCaseLimit } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { lowerHarmCaseLimitInput } from "./harm-admin.types.ts";

export const lowerHarmCaseLimitRoute = adminProcedure
  .input(lowerHarmCaseLimitInput)
  .mutation(({ ctx, input }) => lowerHarmCaseLimit(ctx.services, ctx.actor, input));
