import { SaferPlayListSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside listSaferPlayAccounts.
export const listSaferPlayInput = SaferPlayListSchema;
