import { decideWithdrawal } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { decideWithdrawalInput } from "./withdrawals-admin.types.ts";

export const decideWithdrawalRoute = adminProcedure
  .input(decideWithdrawalInput)
  .mutation(({ ctx, input }) => decideWithdrawal(ctx.services, ctx.actor, input));
