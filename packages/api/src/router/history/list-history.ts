import { listSpinHistory } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { listHistoryInput, listHistoryMeta, listHistoryOutput } from "./list-history.types.ts";

export const listHistoryRoute = accountProcedure
  .meta(listHistoryMeta)
  .input(listHistoryInput)
  .output(listHistoryOutput)
  .query(({ ctx, input }) => listSpinHistory(ctx.services, { userId: ctx.userId, ...input }));
