export { confirmLimitChange, getPlayerProtection, LIMIT_CONFIRM_WINDOW_DAYS, LIMIT_COOLING_OFF_HOURS, setLimit } from "./limits.ts";
export { exclusionEnd, liftExclusion, requestResume, RESUME_DELAY_HOURS, setExclusion, setOwnExclusion } from "./exclusions.ts";
export type { ExclusionRequester } from "./exclusions.ts";
export * from "./protection.schemas.ts";
export { getRealityCheck, setRealityCheckInterval } from "./reality-check.ts";
