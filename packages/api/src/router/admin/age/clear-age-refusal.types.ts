import { ClearAgeRefusalSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside clearAgeRefusal.
export const clearAgeRefusalInput = ClearAgeRefusalSchema;
