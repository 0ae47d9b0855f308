import { AccountRefSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getAccountForAdmin.
export const getPlayerSummaryInput = AccountRefSchema;
