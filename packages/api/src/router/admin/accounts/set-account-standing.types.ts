import { StandingChangeSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setAccountStanding.
export const setAccountStandingInput = StandingChangeSchema;
