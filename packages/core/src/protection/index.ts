export { confirmLimitChange, getPlayerProtection, LIMIT_CONFIRM_WINDOW_DAYS, LIMIT_COOLING_OFF_HOURS, setLimit } from "./limits.ts";
export {
  excludeOnPlayersRequest,
  exclusionEnd,
  liftExclusion,
  OperatorExclusionSchema,
  requestResume,
  RESUME_DELAY_HOURS,
  setExclusion,
  setOwnExclusion,
} from "./exclusions.ts";
export type { ExclusionRequester, OperatorExclusionInput } from "./exclusions.ts";
export * from "../contract/protection.ts";
export {
  listProtectionEvents,
  listSaferPlayAccounts,
  PROTECTION_EVENT_KINDS,
  SAFER_PLAY_WINDOW_DAYS,
  SaferPlayListSchema,
} from "./protection-events.ts";
export type { ProtectionEventKind, ProtectionEventView, SaferPlayAccount, SaferPlayListInput } from "./protection-events.ts";
export { getAccountProtectionForAdmin } from "./account-protection-for-admin.ts";
export {
  AgeConfirmationSchema,
  ageOn,
  assertOldEnough,
  checkSignUpAge,
  ConfirmAgeInputSchema,
  confirmAge,
  DateOfBirthSchema,
  getAgeConfirmation,
  minimumAge,
  parseSignUpDateOfBirth,
  recordSignUpAge,
} from "./age.ts";
export type { AgeConfirmation, ConfirmAgeInput } from "./age.ts";
export { ageRefusalEmail, ClearAgeRefusalSchema, clearAgeRefusal, clearAgeRefusalOfEmail, listAgeRefusals } from "./age-refusals.ts";
export type { AgeRefusalRow, ClearAgeRefusalInput } from "./age-refusals.ts";
export { CONFIRM_AGE_PATH } from "./protection-refusal.ts";
export { getRealityCheck, setRealityCheckInterval } from "./reality-check.ts";
export { acknowledgeSaferPlay, answerDepositLimitPrompt, getLicencePrompts } from "./licence-prompts.ts";
