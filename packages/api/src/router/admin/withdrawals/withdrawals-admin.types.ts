import { AdminWithdrawalFilterSchema, WithdrawalDecisionSchema, WithdrawalSettingsSchema } from "@prizepacks/core";

// The inputs are the domain's own schemas, written once beside the functions.
export const listWithdrawalsForAdminInput = AdminWithdrawalFilterSchema;
export const decideWithdrawalInput = WithdrawalDecisionSchema;
export const setWithdrawalSettingsInput = WithdrawalSettingsSchema;
