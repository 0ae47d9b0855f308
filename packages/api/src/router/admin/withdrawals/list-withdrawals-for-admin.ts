import { getWithdrawalSettings, listWithdrawalsForAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { listWithdrawalsForAdminInput } from "./withdrawals-admin.types.ts";

/** The Withdrawals page: withdrawals of one state (or all), and the automatic approval amount. */
export const listWithdrawalsForAdminRoute = adminProcedure.input(listWithdrawalsForAdminInput).query(async ({ ctx, input }) => ({
  viewerId: ctx.actor.id,
  settings: await getWithdrawalSettings(ctx.services),
  ...(await listWithdrawalsForAdmin(ctx.services, input)),
}));
