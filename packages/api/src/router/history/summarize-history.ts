import { summarizeSpinHistory } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { summarizeHistoryInput, summarizeHistoryMeta, summarizeHistoryOutput } from "./summarize-history.types.ts";

export const summarizeHistoryRoute = accountProcedure
  .meta(summarizeHistoryMeta)
  .input(summarizeHistoryInput)
  .output(summarizeHistoryOutput)
  .query(({ ctx, input }) => summarizeSpinHistory(ctx.services, { userId: ctx.userId, ...input }));
