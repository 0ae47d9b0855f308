import { getUpgradeReport } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getUpgradeReportInput } from "./get-upgrade-report.types.ts";

export const getUpgradeReportRoute = adminProcedure
  .input(getUpgradeReportInput)
  .query(({ ctx, input }) => getUpgradeReport(ctx.services, input));
