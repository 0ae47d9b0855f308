import { z } from "zod";
import { IsoTimestamp, MoneyString } from "./fields.ts";

export const LIMIT_KINDS = ["deposit", "wager", "loss"] as const;
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const TIMEOUT_PERIODS = ["24h", "7d", "30d", "6w"] as const;
export const SELF_EXCLUSION_PERIODS = ["6m", "1y", "5y", "permanent"] as const;
export const EXCLUSION_PERIODS = [...TIMEOUT_PERIODS, ...SELF_EXCLUSION_PERIODS] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

const LimitKindSchema = z
  .enum(LIMIT_KINDS)
  .meta({ description: "deposit (sum of deposits), wager (prices paid) or loss (prices paid − values won).", example: "loss" });
const LimitPeriodSchema = z.enum(LIMIT_PERIODS).meta({ description: "A rolling 24 h, 7 days or 30 days.", example: "day" });

/** A positive amount with at most two decimals, as a string so it stays exact. */
const LimitAmount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount must be a positive amount with at most two decimals, e.g. "5.00"')
  .refine((value) => Number(value) > 0, "amount must be more than $0.00")
  .meta({ example: "5.00" });

export const SetLimitInputSchema = z.object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  amount: LimitAmount.nullable().meta({ description: "The new limit; null removes it (pending, like a raise)." }),
});
export type SetLimitInput = z.input<typeof SetLimitInputSchema>;

export const ConfirmLimitChangeInputSchema = z.object({ kind: LimitKindSchema, period: LimitPeriodSchema });

export const LimitViewSchema = z.object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  amount: MoneyString.meta({ description: "The limit that binds now." }),
  used: MoneyString.meta({ description: "What counts against it in the window now (a loss may be negative)." }),
  remaining: MoneyString.meta({ description: "What may still be spent in the window now (0.00 when none)." }),
  oldestCountsUntil: IsoTimestamp.nullable().meta({
    description: "When the oldest spending that counts now leaves the rolling window and stops counting (null: nothing counts now).",
  }),
});
export type LimitView = z.infer<typeof LimitViewSchema>;

export const PendingLimitChangeSchema = z.object({
  kind: LimitKindSchema,
  period: LimitPeriodSchema,
  amount: MoneyString.nullable().meta({ description: "The limit asked for; null: a removal." }),
  requestedAt: IsoTimestamp,
  confirmableAt: IsoTimestamp.meta({ description: "From when it can be confirmed in the web app (24 h after asking)." }),
  lapsesAt: IsoTimestamp.meta({ description: "Unconfirmed by then, it lapses and the current limit stays." }),
});
export type PendingLimitChange = z.infer<typeof PendingLimitChangeSchema>;

export const ExclusionViewSchema = z.object({
  kind: z.enum(["timeout", "self_exclusion"]),
  period: z.enum(EXCLUSION_PERIODS),
  startsAt: IsoTimestamp,
  endsAt: IsoTimestamp.nullable().meta({ description: "null: permanent." }),
  resumesAt: IsoTimestamp.nullable().meta({ description: "After a self-exclusion ends: 24 h after the player asked to resume." }),
});
export type ExclusionView = z.infer<typeof ExclusionViewSchema>;

export const PlayerProtectionSchema = z
  .object({
    limits: z.array(LimitViewSchema),
    pending: z.array(PendingLimitChangeSchema).meta({ description: "Raises and removals waiting for their cooling-off and confirmation." }),
    exclusion: ExclusionViewSchema.nullable().meta({ description: "The time-out or self-exclusion that binds now, if any." }),
  })
  .meta({ id: "PlayerProtection" });
export type PlayerProtection = z.infer<typeof PlayerProtectionSchema>;

export const SetLimitResultSchema = z
  .object({
    applied: LimitViewSchema.nullable().meta({ description: "A new or lower limit, in force at once." }),
    pending: PendingLimitChangeSchema.nullable().meta({ description: "A raise or removal: not applied until confirmed after 24 h." }),
  })
  .meta({ id: "SetLimitResult" });
export type SetLimitResult = z.infer<typeof SetLimitResultSchema>;

export const SetExclusionInputSchema = z.object({ period: z.enum(EXCLUSION_PERIODS) });

export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_MINUTES)[number];
const RealityCheckMinutesSchema = z
  .union(REALITY_CHECK_MINUTES.map((minutes) => z.literal(minutes)))
  .meta({ description: "The web app's reality check comes every this many minutes of play." });

export const SetRealityCheckInputSchema = z.object({ minutes: RealityCheckMinutesSchema });

export const RealityCheckInputSchema = z
  .object({
    since: z.iso
      .datetime({ offset: true })
      .refine((since) => Math.abs(Date.parse(since) - Date.now()) < 366 * 24 * 3600 * 1000, "since must be within a year of now")
      .optional()
      .meta({ description: "When this web session started, as an earlier answer's `since`; omitted: it starts now." }),
  })
  .optional();

/** The player's interval and this web session's play so far (openings and battles): paid, won, net (won − paid). */
export const RealityCheckSchema = z.object({
  minutes: RealityCheckMinutesSchema,
  since: IsoTimestamp.meta({ description: "When the session started, by the server's clock." }),
  openings: z.number().int().meta({ description: "Packs opened in the session." }),
  battles: z.number().int().meta({ description: "Battles entered in the session and not given back (cancelled, or left before lock)." }),
  paid: MoneyString.meta({ description: "What every game cost: prices of the packs opened, battle entries less entries given back." }),
  won: MoneyString.meta({ description: "What the items won (in openings and battles) were worth when won." }),
  net: MoneyString.meta({ description: "won − paid: negative when the session lost money." }),
});
export type RealityCheck = z.infer<typeof RealityCheckSchema>;

export const DEPOSIT_LIMIT_PROMPT_ANSWERS = ["set", "skipped"] as const;
export type DepositLimitPromptAnswer = (typeof DEPOSIT_LIMIT_PROMPT_ANSWERS)[number];

/** The prompts a licence requires (#37), each shown once and its answer kept on the account. */
export const LicencePromptsSchema = z
  .object({
    saferPlay: z
      .object({
        acknowledgedAt: IsoTimestamp.nullable().meta({ description: "When the player acknowledged the safer-play page; null: not yet." }),
        due: z.boolean().meta({ description: "The web app shows the safer-play page before the next paid play (openings, battles)." }),
      })
      .meta({ description: "The safer-play page, acknowledged once before the first wager." }),
    depositLimit: z
      .object({
        answer: z.enum(DEPOSIT_LIMIT_PROMPT_ANSWERS).nullable().meta({ description: "set or skipped; null: not answered." }),
        answeredAt: IsoTimestamp.nullable(),
        due: z.boolean().meta({
          description: "The web app asks before the next deposit: not answered, no deposit made yet and no deposit limit set.",
        }),
      })
      .meta({ description: "The prompt to set a deposit limit at the first deposit, which the player may skip." }),
  })
  .meta({ id: "LicencePrompts" });
export type LicencePrompts = z.infer<typeof LicencePromptsSchema>;

// One object, not a union: the REST facade's body must be an object schema. `period` and
// `amount` go with "set" only.
export const AnswerDepositLimitPromptInputSchema = z
  .object({
    answer: z.enum(DEPOSIT_LIMIT_PROMPT_ANSWERS).meta({ description: "set: set a deposit limit now; skipped: set none." }),
    period: LimitPeriodSchema.optional().meta({ description: "With set: the deposit limit's rolling window." }),
    amount: LimitAmount.optional().meta({ description: "With set: the most that may be deposited in the window." }),
  })
  .superRefine((input, context) => {
    if (input.answer === "set") {
      if (input.period === undefined) context.addIssue({ code: "custom", path: ["period"], message: "period is required with set" });
      if (input.amount === undefined) context.addIssue({ code: "custom", path: ["amount"], message: "amount is required with set" });
    } else {
      for (const key of ["period", "amount"] as const) {
        if (input[key] !== undefined) context.addIssue({ code: "custom", path: [key], message: `${key} goes with set only` });
      }
    }
  })
  .meta({ description: 'Skip (`{"answer":"skipped"}`), or set a deposit limit over a rolling day, week or month and record that.' });
export type AnswerDepositLimitPromptInput = z.input<typeof AnswerDepositLimitPromptInputSchema>;

export const DepositLimitPromptResultSchema = z
  .object({
    prompts: LicencePromptsSchema,
    limit: SetLimitResultSchema.nullable().meta({ description: "With set: the limit, as POST /v1/me/limits answers; null with skipped." }),
  })
  .meta({ id: "DepositLimitPromptResult" });
export type DepositLimitPromptResult = z.infer<typeof DepositLimitPromptResultSchema>;
