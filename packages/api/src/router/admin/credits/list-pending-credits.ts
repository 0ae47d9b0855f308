import { creditApprovalAbove, dailyCreditApprovalAbove, formatMoney, listPendingCredits } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The Approvals page: credits waiting for a second admin, and the amounts above which they wait. */
export const listPendingCreditsRoute = adminProcedure.query(async ({ ctx }) => ({
  approvalAbove: formatMoney(creditApprovalAbove()),
  dailyApprovalAbove: formatMoney(dailyCreditApprovalAbove()),
  viewerId: ctx.actor.id,
  credits: await listPendingCredits(ctx.services),
}));
