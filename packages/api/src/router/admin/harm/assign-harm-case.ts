import { assignHarmCase } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { assignHarmCaseInput } from "./harm-admin.types.ts";

export const assignHarmCaseRoute = adminProcedure
  .input(assignHarmCaseInput)
  .mutation(({ ctx, input }) => assignHarmCase(ctx.services, ctx.actor, input));
