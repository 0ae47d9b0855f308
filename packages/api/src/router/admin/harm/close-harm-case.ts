import { closeHarmCase } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { closeHarmCaseInput } from "./harm-admin.types.ts";

export const closeHarmCaseRoute = adminProcedure
  .input(closeHarmCaseInput)
  .mutation(({ ctx, input }) => closeHarmCase(ctx.services, ctx.actor, input));
