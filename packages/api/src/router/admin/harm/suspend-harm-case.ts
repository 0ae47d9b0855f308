import { suspendHarmCasePlay } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { suspendHarmCaseInput } from "./harm-admin.types.ts";

export const suspendHarmCaseRoute = adminProcedure
  .input(suspendHarmCaseInput)
  .mutation(({ ctx, input }) => suspendHarmCasePlay(ctx.services, ctx.actor, input));
