import { ReportQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getUpgradeReport (which ignores the pack: a stake spans packs).
export const getUpgradeReportInput = ReportQuerySchema;
