import { getVerification, getVerificationRequest, requestVerificationAsAdmin, withdrawVerificationRequestAsAdmin } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getAccountVerificationInput, requestVerificationInput, withdrawVerificationRequestInput } from "./verification-admin.types.ts";

/** One account's check as the player sees it, with the operator's request (if any) beside it. */
export const getAccountVerificationRoute = adminProcedure.input(getAccountVerificationInput).query(async ({ ctx, input }) => ({
  verification: await getVerification(ctx.services, input.userId),
  request: await getVerificationRequest(ctx.services, input.userId),
}));

export const requestVerificationRoute = adminProcedure
  .input(requestVerificationInput)
  .mutation(({ ctx, input }) => requestVerificationAsAdmin(ctx.services, ctx.actor, input));

export const withdrawVerificationRequestRoute = adminProcedure
  .input(withdrawVerificationRequestInput)
  .mutation(({ ctx, input }) => withdrawVerificationRequestAsAdmin(ctx.services, ctx.actor, input));
