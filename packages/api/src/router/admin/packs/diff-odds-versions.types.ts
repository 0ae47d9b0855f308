import { OddsDiffQuerySchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside diffOddsVersions.
export const diffOddsVersionsInput = OddsDiffQuerySchema;
