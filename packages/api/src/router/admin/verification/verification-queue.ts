import { getVerificationHistory, listVerificationQueue } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getVerificationHistoryInput, listVerificationQueueInput } from "./verification-queue.types.ts";

/** The Identity checks page: the KYC queue, longest waiting first, with the counts of each state. */
export const listVerificationQueueRoute = adminProcedure
  .input(listVerificationQueueInput)
  .query(({ ctx, input }) => listVerificationQueue(ctx.services, input));

/** The account page's compliance panel: the check's dates, the operators' requests and the recent changes. */
export const getVerificationHistoryRoute = adminProcedure
  .input(getVerificationHistoryInput)
  .query(({ ctx, input }) => getVerificationHistory(ctx.services, input.userId));
