import { getPackReport } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getPackReportInput } from "./get-pack-report.types.ts";

export const getPackReportRoute = adminProcedure.input(getPackReportInput).query(({ ctx, input }) => getPackReport(ctx.services, input));
