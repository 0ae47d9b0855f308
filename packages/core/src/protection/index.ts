export { confirmLimitChange, getPlayerProtection, LIMIT_CONFIRM_WINDOW_DAYS, LIMIT_COOLING_OFF_HOURS, setLimit } from "./limits.ts";
export { exclusionEnd, liftExclusion, requestResume, RESUME_DELAY_HOURS, setExclusion, setOwnExclusion } from "./exclusions.ts";
export type { ExclusionRequester } from "./exclusions.ts";
export * from "./protection.schemas.ts";
export {
  AgeConfirmationSchema,
  ageOn,
  assertOldEnough,
  ConfirmAgeInputSchema,
  confirmAge,
  DateOfBirthSchema,
  getAgeConfirmation,
  minimumAge,
  parseSignUpDateOfBirth,
  recordSignUpAge,
} from "./age.ts";
export type { AgeConfirmation, ConfirmAgeInput } from "./age.ts";
export { CONFIRM_AGE_PATH } from "./protection-refusal.ts";
