import { creditApprovalAbove, formatMoney, listPendingCredits } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The Approvals page: credits waiting for a second admin, and the amount above which they wait. */
export const listPendingCreditsRoute = adminProcedure.query(async ({ ctx }) => ({
  approvalAbove: formatMoney(creditApprovalAbove()),
  viewerId: ctx.actor.id,
  credits: await listPendingCredits(ctx.services),
}));
