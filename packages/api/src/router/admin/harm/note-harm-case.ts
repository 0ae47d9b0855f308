import { noteHarmCase } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { noteHarmCaseInput } from "./harm-admin.types.ts";

export const noteHarmCaseRoute = adminProcedure
  .input(noteHarmCaseInput)
  .mutation(({ ctx, input }) => noteHarmCase(ctx.services, ctx.actor, input));
