import { ReportQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getTopWinners.
export const getTopWinnersInput = ReportQuerySchema;
