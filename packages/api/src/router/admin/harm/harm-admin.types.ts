import {
  AssignHarmCaseSchema,
  CloseHarmCaseSchema,
  ContactHarmCaseSchema,
  HarmCaseListSchema,
  HarmCaseRefSchema,
  LowerLimitHarmCaseSchema,
  NoteHarmCaseSchema,
  RequireVerificationHarmCaseSchema,
  SetHarmRuleSchema,
  SetHarmTimeZoneSchema,
  SuspendHarmCaseSchema,
} from "@prizepacks/core";

// The inputs are the domain's own schemas, written once in contract/harm.ts beside the functions.
export const listHarmCasesInput = HarmCaseListSchema;
export const getHarmCaseInput = HarmCaseRefSchema;
export const assignHarmCaseInput = AssignHarmCaseSchema;
export const noteHarmCaseInput = NoteHarmCaseSchema;
export const contactHarmCaseInput = ContactHarmCaseSchema;
export const lowerHarmCaseLimitInput = LowerLimitHarmCaseSchema;
export const suspendHarmCaseInput = SuspendHarmCaseSchema;
export const requireHarmCaseVerificationInput = RequireVerificationHarmCaseSchema;
export const closeHarmCaseInput = CloseHarmCaseSchema;
export const setHarmRuleInput = SetHarmRuleSchema;
export const setHarmTimeZoneInput = SetHarmTimeZoneSchema;
