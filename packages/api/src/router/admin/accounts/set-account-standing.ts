import { setAccountStanding } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setAccountStandingInput } from "./set-account-standing.types.ts";

export const setAccountStandingRoute = adminProcedure
  .input(setAccountStandingInput)
  .mutation(({ ctx, input }) => setAccountStanding(ctx.services, ctx.actor, input));
