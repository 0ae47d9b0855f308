import { adjustBalance } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { adjustBalanceInput } from "./adjust-balance.types.ts";

export const adjustBalanceRoute = adminProcedure
  .input(adjustBalanceInput)
  .mutation(({ ctx, input }) => adjustBalance(ctx.services, ctx.actor, input));
