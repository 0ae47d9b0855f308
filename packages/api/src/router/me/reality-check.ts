import { getRealityCheck, setRealityCheckInterval } from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import { getRealityCheckInput, getRealityCheckOutput, setRealityCheckInput, setRealityCheckOutput } from "./reality-check.types.ts";

export const getRealityCheckRoute = sessionProcedure
  .input(getRealityCheckInput)
  .output(getRealityCheckOutput)
  .query(({ ctx, input }) => getRealityCheck(ctx.services, ctx.userId, input));

export const setRealityCheckRoute = sessionProcedure
  .input(setRealityCheckInput)
  .output(setRealityCheckOutput)
  .mutation(({ ctx, input }) => setRealityCheckInterval(ctx.services, ctx.userId, input));
