import { confirmAge, getAgeConfirmation } from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import { confirmAgeInput, confirmAgeOutput, getAgeInput, getAgeOutput } from "./age.types.ts";

export const getAgeRoute = sessionProcedure
  .input(getAgeInput)
  .output(getAgeOutput)
  .query(({ ctx }) => getAgeConfirmation(ctx.services, ctx.userId));

export const confirmAgeRoute = sessionProcedure
  .input(confirmAgeInput)
  .output(confirmAgeOutput)
  .mutation(({ ctx, input }) => confirmAge(ctx.services, ctx.userId, input));
