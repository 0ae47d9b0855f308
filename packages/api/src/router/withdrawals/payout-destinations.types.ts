import { z } from "zod";
import { AddDestinationSchema, ConfirmDestinationSchema, PayoutDestinationSchema, RemoveDestinationSchema } from "@prizepacks/core";
import { SecondFactorCode } from "./withdrawals.types.ts";

// Web app only (sessionProcedure), never over /v1: no OpenAPI meta.

export const addPayoutDestinationInput = AddDestinationSchema.and(z.object({ code: SecondFactorCode }));
export const addPayoutDestinationOutput = PayoutDestinationSchema;
export const confirmPayoutDestinationInput = ConfirmDestinationSchema;
export const confirmPayoutDestinationOutput = PayoutDestinationSchema;
export const listPayoutDestinationsOutput = z.array(PayoutDestinationSchema);
export const removePayoutDestinationInput = RemoveDestinationSchema;
