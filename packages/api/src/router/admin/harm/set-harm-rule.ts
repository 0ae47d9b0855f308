import { setHarmRule } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setHarmRuleInput } from "./harm-admin.types.ts";

export const setHarmRuleRoute = adminProcedure
  .input(setHarmRuleInput)
  .mutation(({ ctx, input }) => setHarmRule(ctx.services, ctx.actor, input));
