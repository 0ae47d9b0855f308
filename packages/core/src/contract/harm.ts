import { z } from "zod";
import { IdSchema, StorableText } from "./fields.ts";
import { LIMIT_KINDS, LIMIT_PERIODS, TIMEOUT_PERIODS } from "./protection.ts";

// Markers of harm (#37): what the console shows and sends. Operators only: nothing here reaches a
// player, who is never told a marker's name.

export const HARM_MARKERS = [
  "net_deposits",
  "net_deposits_high",
  "rapid_deposits",
  "deposit_after_zero",
  "limit_raised",
  "limit_reached_days",
  "night_play",
  "reversal",
  "long_session",
] as const;
export type HarmMarker = (typeof HARM_MARKERS)[number];

/** How a marker reads in the console, with its threshold's unit ("money": an amount with cents). */
export interface HarmMarkerInfo {
  label: string;
  /** The rule with the threshold written as {threshold}. */
  rule: string;
  unit: "money" | "count" | "minutes" | "hours" | "days";
  /** The largest threshold that makes sense (night_play: 7 nights of 7). */
  max?: number;
}

export const HARM_MARKER_INFO: Record<HarmMarker, HarmMarkerInfo> = {
  net_deposits: {
    label: "Net deposits (financial vulnerability)",
    rule: "Deposits minus withdrawals over 30 days reach {threshold}.",
    unit: "money",
  },
  net_deposits_high: { label: "Net deposits (high)", rule: "Deposits minus withdrawals over 30 days reach {threshold}.", unit: "money" },
  rapid_deposits: { label: "Repeated deposits", rule: "{threshold} or more deposits within one hour.", unit: "count" },
  deposit_after_zero: {
    label: "Chasing losses",
    rule: "A deposit within {threshold} minutes of the balance reaching zero.",
    unit: "minutes",
  },
  limit_raised: { label: "Limits raised", rule: "Raises or removals of a limit asked for {threshold} times in 30 days.", unit: "count" },
  limit_reached_days: { label: "Limit reached day after day", rule: "A limit reached on {threshold} days running.", unit: "days" },
  night_play: {
    label: "Night play",
    rule: "Play between midnight and 6 a.m. on {threshold} of the last 7 days.",
    unit: "days",
    max: 7,
  },
  reversal: {
    label: "Withdrawal reversed into play",
    rule: "Play within {threshold} hours of a withdrawal's money coming back to the balance.",
    unit: "hours",
  },
  long_session: { label: "Long session", rule: "A session longer than {threshold} minutes.", unit: "minutes" },
};

/** Plays more than this far apart are two sessions (the long_session marker). */
export const SESSION_GAP_MINUTES = 30;

export const HARM_OUTCOMES = ["no_concern", "player_contacted", "limits_set", "play_suspended", "identity_check", "referred"] as const;
export type HarmOutcome = (typeof HARM_OUTCOMES)[number];
export const HARM_OUTCOME_LABELS: Record<HarmOutcome, string> = {
  no_concern: "No concern after review",
  player_contacted: "Player contacted",
  limits_set: "Limits set",
  play_suspended: "Play suspended",
  identity_check: "Identity check required",
  referred: "Referred (compliance, support)",
};

/** The mails an operator may send from a case. None names a marker or says why it was sent beyond care. */
export const HARM_MAIL_TEMPLATES = ["check_in", "tools", "support"] as const;
export type HarmMailTemplate = (typeof HARM_MAIL_TEMPLATES)[number];
export const HARM_MAIL_TEMPLATE_LABELS: Record<HarmMailTemplate, string> = {
  check_in: "A check-in: how is your play going?",
  tools: "Your safer-play tools: limits and time-outs",
  support: "Where to find independent support",
};

const CaseRef = { caseId: IdSchema };
const RequestKey = z.uuid({ error: "requestKey must be a UUID made when the form was drawn" });

export const HarmCaseListSchema = z.object({
  status: z.enum(["open", "closed"]).default("open"),
  marker: z.enum(HARM_MARKERS).optional(),
  /** "me", "none" (unassigned) or an admin's e-mail. */
  owner: StorableText.trim().max(320).optional(),
  /** One account's cases (the console's account page). */
  userId: StorableText.min(1).max(200).optional(),
});
export type HarmCaseListInput = z.input<typeof HarmCaseListSchema>;

export const HarmCaseRefSchema = z.object(CaseRef);

export const AssignHarmCaseSchema = z.object({
  ...CaseRef,
  /** An admin's e-mail; null: nobody. */
  ownerEmail: StorableText.trim().toLowerCase().max(320).nullable(),
  requestKey: RequestKey.optional(),
});
export const NoteHarmCaseSchema = z.object({
  ...CaseRef,
  text: StorableText.trim().min(1, "text: write the note").max(2000),
  requestKey: RequestKey.optional(),
});
export const ContactHarmCaseSchema = z.object({ ...CaseRef, template: z.enum(HARM_MAIL_TEMPLATES), requestKey: RequestKey.optional() });
export const LowerLimitHarmCaseSchema = z.object({
  ...CaseRef,
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount must be a positive amount with at most two decimals, e.g. "5.00"')
    .refine((value) => Number(value) > 0, "amount must be more than $0.00"),
  requestKey: RequestKey.optional(),
});
export const SuspendHarmCaseSchema = z.object({ ...CaseRef, period: z.enum(TIMEOUT_PERIODS), requestKey: RequestKey.optional() });
export const RequireVerificationHarmCaseSchema = z.object({
  ...CaseRef,
  /** What the player is told is needed; never a marker's name. */
  reason: StorableText.trim().min(1, "reason: say what the player is asked for").max(500),
  blocksPlay: z.boolean().default(false),
  requestKey: RequestKey.optional(),
});
export const CloseHarmCaseSchema = z.object({
  ...CaseRef,
  outcome: z.enum(HARM_OUTCOMES),
  note: StorableText.trim().max(2000).optional(),
  requestKey: RequestKey.optional(),
});

export const SetHarmRuleSchema = z.object({
  marker: z.enum(HARM_MARKERS),
  threshold: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'threshold must be a positive number with at most two decimals, e.g. "150.00"'),
  requestKey: RequestKey.optional(),
});
export const SetHarmTimeZoneSchema = z.object({
  timeZone: StorableText.trim().min(1).max(64),
  requestKey: RequestKey.optional(),
});
