import { getReportActivity } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getReportActivityInput } from "./get-report-activity.types.ts";

export const getReportActivityRoute = adminProcedure
  .input(getReportActivityInput)
  .query(({ ctx, input }) => getReportActivity(ctx.services, input));
