export * from "../contract/harm.ts";
export {
  evaluateAccount,
  evaluatePendingAccounts,
  HARM_EVALUATION_INTERVAL_MS,
  queueHarmEvaluation,
  queueNightlyEvaluation,
  startHarmEvaluation,
} from "./evaluate.ts";
export type { MarkerHit } from "./markers.ts";
export { listHarmRules, setHarmRule, setHarmTimeZone } from "./rules.ts";
export type { HarmRuleView } from "./rules.ts";
export { assignHarmCase, closeHarmCase, getHarmCase, HARM_QUEUE_SIZE, listHarmCases, noteHarmCase } from "./cases.ts";
export type { HarmCaseRow, HarmCaseView } from "./cases.ts";
export { contactHarmCasePlayer, harmMail, lowerHarmCaseLimit, requireHarmCaseVerification, suspendHarmCasePlay } from "./case-actions.ts";
export type { RequestVerificationAsAdmin } from "./case-actions.ts";
