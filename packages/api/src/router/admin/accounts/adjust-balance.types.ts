import { AdjustmentSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside adjustBalance.
export const adjustBalanceInput = AdjustmentSchema;
