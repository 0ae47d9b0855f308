import { ReportQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getReportShipping (which ignores the pack: shipping is site-wide).
export const getReportShippingInput = ReportQuerySchema;
