import { clearAgeRefusal } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { clearAgeRefusalInput } from "./clear-age-refusal.types.ts";

export const clearAgeRefusalRoute = adminProcedure
  .input(clearAgeRefusalInput)
  .mutation(({ ctx, input }) => clearAgeRefusal(ctx.services, ctx.actor, input));
