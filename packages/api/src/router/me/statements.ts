import { getMonthlyStatement } from "@prizepacks/core";
import { accountProcedure } from "../../trpc.ts";
import { getStatementInput, getStatementMeta, getStatementOutput } from "./statements.types.ts";

export const getStatementRoute = accountProcedure
  .meta(getStatementMeta)
  .input(getStatementInput)
  .output(getStatementOutput)
  .query(({ ctx, input }) => getMonthlyStatement(ctx.services, ctx.userId, input));
