import { getHourlyReport } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getHourlyReportInput } from "./get-hourly-report.types.ts";

export const getHourlyReportRoute = adminProcedure
  .input(getHourlyReportInput)
  .query(({ ctx, input }) => getHourlyReport(ctx.services, input));
