import { PackDraftSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside simulatePack.
export const simulatePackInput = PackDraftSchema;
