import { setWithdrawalSettings } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { setWithdrawalSettingsInput } from "./withdrawals-admin.types.ts";

export const setWithdrawalSettingsRoute = adminProcedure
  .input(setWithdrawalSettingsInput)
  .mutation(({ ctx, input }) => setWithdrawalSettings(ctx.services, ctx.actor, input));
