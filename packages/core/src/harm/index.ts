// Markers of harm (#37). Decisions where the issue is silent:
// - Runs: paid_play (every opening and battle seat), a settled deposit, a withdrawal's request, a
//   player's raise or removal of a limit and a refused play at a limit queue the account in
//   harm_pending (a play: INSERT … ON CONFLICT DO NOTHING, ~6 µs on an opening when already
//   queued; a deposit, a withdrawal or a limit raise marks the row urgent); every instance claims
//   the due accounts every 5 s (DELETE … FOR UPDATE SKIP LOCKED: urgent ones at once, the others
//   once their last evaluation is PLAY_COOLDOWN_SECONDS old) and evaluates each under its advisory
//   lock; once a UTC day from 03:00 one instance queues every account whose wallet moved or that
//   had a protection event in 31 days.
// - Dedup: a hit is keyed by the event behind it (harm_hit unique on account, marker, key); a new
//   event adds to the one open case of that account and marker or opens one; an event already
//   counted never adds again, even after its case closed.
// - Days and nights are local to one operator-set time zone (harm_settings, default UTC):
//   accounts carry none. Night = 00:00-05:59 on the last 7 local days.
// - A session is a run of plays no more than SESSION_GAP_MINUTES (30) apart; its length is first
//   to last play. A reversal is a withdrawal's money given back (WITHDRAWAL_RETURN: rejected,
//   failed or cancelled at the payment server; players cannot cancel one) and played within the
//   threshold's hours. Net deposits = deposits - withdrawals (returns count as not withdrawn).
// - Suspend play = an operator's time-out through setExclusion (setBy operator:<e-mail>).
// - Operators' steps go to the admin log (harm.*); the engine's own hits are in harm_hit.
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
