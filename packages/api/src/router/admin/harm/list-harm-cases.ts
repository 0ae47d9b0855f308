import { listHarmCases } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listHarmCasesInput } from "./harm-admin.types.ts";

export const listHarmCasesRoute = adminProcedure
  .input(listHarmCasesInput)
  .query(({ ctx, input }) => listHarmCases(ctx.services, ctx.actor, input));
