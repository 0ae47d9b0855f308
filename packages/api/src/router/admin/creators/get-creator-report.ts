import { getCreatorReport } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";

/** The console's creator report (#39): every code, its referrals, commission accrued and claimed. */
export const getCreatorReportRoute = adminProcedure.query(({ ctx }) => getCreatorReport(ctx.services));
