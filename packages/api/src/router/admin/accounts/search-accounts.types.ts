import { AccountSearchSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside searchAccounts.
export const searchAccountsInput = AccountSearchSchema;
