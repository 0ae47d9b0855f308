import { ComplianceSettingsSchema, IdSchema, RequestVerificationSchema, WithdrawVerificationRequestSchema } from "@prizepacks/core";
import { z } from "zod";

// The inputs are the domain's own schemas, written once beside the functions.
export const setComplianceSettingsInput = ComplianceSettingsSchema;
export const requestVerificationInput = RequestVerificationSchema;
export const withdrawVerificationRequestInput = WithdrawVerificationRequestSchema;
export const getAccountVerificationInput = z.object({ userId: IdSchema });
