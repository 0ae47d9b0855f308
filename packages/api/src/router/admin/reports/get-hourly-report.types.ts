import { HourlyQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getHourlyReport.
export const getHourlyReportInput = HourlyQuerySchema;
