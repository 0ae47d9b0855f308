import { getReportShipping } from "@prizepacks/core";
import { adminProcedure } from "../../../trpc.ts";
import { getReportShippingInput } from "./get-report-shipping.types.ts";

export const getReportShippingRoute = adminProcedure
  .input(getReportShippingInput)
  .query(({ ctx, input }) => getReportShipping(ctx.services, input));
