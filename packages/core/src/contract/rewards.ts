import { z } from "zod";
import { IsoTimestamp, MoneyString } from "./fields.ts";
import { OpenResultSchema } from "./open.ts";

// Rewards (#39): levels, rakeback and the daily case, as GET /v1/rewards and the claims answer.

export const RewardSourceSchema = z.enum(["rakeback", "daily", "promo", "commission", "welcome"]).meta({
  id: "RewardSource",
  description:
    "Where a reward came from: rakeback (cash, claimed), daily (the daily case's free opening), promo (a promo code: cash or free openings), commission (a creator's commission on referred players, cash) or welcome (a referred account's free openings after its first deposit).",
});
export type RewardSource = z.infer<typeof RewardSourceSchema>;

export const RewardLevelSchema = z
  .object({
    level: z.number().int().min(0),
    threshold: MoneyString.meta({ description: "Wagered (ever) from which this level applies.", example: "100.00" }),
    rakebackBps: z
      .number()
      .int()
      .min(0)
      .max(5_000)
      .meta({ description: "Rakeback at this level, in basis points of the expected house take.", example: 500 }),
    dailyPack: z
      .object({ id: z.string(), slug: z.string(), name: z.string() })
      .nullable()
      .meta({ description: "The daily case's pack at this level (null: no daily case at this level)." }),
  })
  .meta({ id: "RewardLevel" });
export type RewardLevel = z.infer<typeof RewardLevelSchema>;

/** Why a reward is not offered now; null fields mean it is. */
export const RewardsSchema = z
  .object({
    offered: z.boolean().meta({
      description:
        "false while the account may be given no reward (excluded, on a time-out, at a reached loss or wager limit, age not confirmed, or refused by identity checks): nothing below can be claimed, and refusal says why.",
    }),
    refusal: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: "With offered false: the 403 a claim would get (code and message)." }),
    level: z.number().int().min(0).meta({ example: 3 }),
    xp: z.number().int().min(0).meta({ description: "Cents wagered, ever (openings, battle entries, upgrade stakes).", example: 52_310 }),
    wagered: MoneyString.meta({ description: "The same as money.", example: "523.10" }),
    nextLevel: z
      .object({ level: z.number().int(), threshold: MoneyString, remaining: MoneyString.meta({ description: "Still to wager." }) })
      .nullable()
      .meta({ description: "null at the top level." }),
    rakeback: z.object({
      enabled: z.boolean(),
      rateBps: z
        .number()
        .int()
        .meta({ description: "The rate the next wager earns, in basis points of its expected house take.", example: 605 }),
      available: MoneyString.meta({ description: "Claimable now (from 0.01).", example: "1.27" }),
      accrued: MoneyString.meta({ description: "Accrued ever, rounded down to the cent.", example: "12.40" }),
      claimed: MoneyString.meta({ description: "Claimed ever.", example: "11.13" }),
    }),
    dailyCase: z.object({
      enabled: z.boolean(),
      pack: z
        .object({ id: z.string(), slug: z.string(), name: z.string(), image: z.string() })
        .nullable()
        .meta({ description: "The pack the account's level opens (null: none at this level)." }),
      nextAt: IsoTimestamp.nullable().meta({ description: "When the next one can be opened (null: now, if eligible)." }),
      eligible: z.boolean().meta({ description: "Whether POST /v1/rewards/daily would open it now." }),
      requirements: z
        .object({
          emailVerified: z.boolean(),
          ageConfirmed: z.boolean(),
          wagered7d: MoneyString.meta({ description: "Wagered in the last 7 days." }),
          minWager7d: MoneyString.meta({ description: "What must be wagered in the last 7 days.", example: "10.00" }),
        })
        .meta({ description: "What the daily case asks of the account." }),
    }),
    levels: z.array(RewardLevelSchema).meta({ description: "The whole level table, level 0 first." }),
  })
  .meta({ id: "Rewards" });
export type Rewards = z.infer<typeof RewardsSchema>;

export const RakebackClaimSchema = z
  .object({
    claim: z.object({
      id: z.string(),
      source: RewardSourceSchema,
      amount: MoneyString.meta({ example: "1.27" }),
      ledgerEntryId: z.string().meta({ description: "The REWARD ledger entry that credited it." }),
      createdAt: IsoTimestamp,
    }),
    balanceAfter: z.number().meta({ description: "Wallet balance after the credit (JSON number).", example: 101.27 }),
  })
  .meta({ id: "RakebackClaim" });
export type RakebackClaim = z.infer<typeof RakebackClaimSchema>;

export const DailyCaseResultSchema = OpenResultSchema.extend({
  claim: z.object({
    id: z.string(),
    source: z.literal("daily"),
    cost: MoneyString.meta({ description: "What the daily budget counted: the pack's price.", example: "4.99" }),
    createdAt: IsoTimestamp,
  }),
  nextAt: IsoTimestamp.meta({ description: "When the next daily case can be opened (24 h after this one)." }),
}).meta({
  id: "DailyCaseResult",
  description:
    "The daily case's opening, in the shape of any opening (its fairness verifies the same way, on the account's seed pair and nonce), plus the reward claim that gave it.",
});
export type DailyCaseResult = z.infer<typeof DailyCaseResultSchema>;

export const PromoRedeemInputSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9-]{3,32}$/, "code: 3 to 32 letters, digits or -")
    .meta({ description: "The promo code, in any case.", example: "WELCOME-5" }),
});

export const PromoRedemptionSchema = z
  .object({
    redemption: z.object({ id: z.string(), code: z.string(), createdAt: IsoTimestamp }),
    cash: z
      .object({ claim: RakebackClaimSchema.shape.claim, balanceAfter: z.number() })
      .nullable()
      .meta({ description: "With a cash code: the REWARD entry's claim and the balance after." }),
    openings: z.array(OpenResultSchema).meta({
      description: "With a code of free openings: each opening, in an opening's shape with its fairness (at consecutive nonces).",
    }),
  })
  .meta({ id: "PromoRedemption" });
export type PromoRedemption = z.infer<typeof PromoRedemptionSchema>;

// Creator codes (affiliates, #39): GET /v1/affiliate, POST /v1/affiliate/code and /claim,
// POST /v1/me/referral (and /welcome).

export const CREATOR_CODE_PATTERN = /^[A-Za-z0-9-]{3,16}$/;
export const CreatorCodeString = z
  .string()
  .regex(CREATOR_CODE_PATTERN, "code: 3 to 16 letters, digits or -")
  .meta({ description: "A creator code: 3 to 16 letters, digits or -, unique in any case.", example: "ACME-7" });

export const CreatorCodeInputSchema = z.object({ code: CreatorCodeString });
export const ReferralInputSchema = z.object({ code: CreatorCodeString });

export const CreatorCodeSchema = z
  .object({
    id: z.string(),
    code: z.string().meta({ example: "ACME-7" }),
    disabled: z.boolean().meta({ description: "Disabled by the operator: no new referrals, and commission no longer accrues." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "CreatorCode" });
export type CreatorCode = z.infer<typeof CreatorCodeSchema>;

export const AffiliateSchema = z
  .object({
    offered: z.boolean().meta({
      description: "false while this account may be given no reward (as GET /v1/rewards): commission still accrues, but cannot be claimed.",
    }),
    refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
    enabled: z.boolean().meta({ description: "Whether the operator has creator codes switched on." }),
    canCreate: z
      .boolean()
      .meta({ description: "Whether POST /v1/affiliate/code would create a code now (a verified e-mail, no code yet)." }),
    code: CreatorCodeSchema.nullable(),
    commissionBps: z
      .number()
      .int()
      .meta({ description: "The commission, in basis points of a referred player's expected house take.", example: 1000 }),
    commissionDays: z.number().int().meta({ description: "Days from a referral during which it earns commission.", example: 90 }),
    referrals: z
      .object({
        count: z.number().int().min(0),
        earning: z.number().int().min(0).meta({ description: "Referrals still within their commission window." }),
        active: z.number().int().min(0).meta({ description: "Referrals that played in the last 30 days." }),
        deposits: z
          .array(z.object({ bucket: z.enum(["none", "under 50", "50 to 250", "250 to 1000", "1000 and over"]), count: z.number().int() }))
          .meta({ description: "Referrals counted by what each deposited in all, in buckets: never names, e-mails or exact amounts." }),
      })
      .meta({ description: "Counts only." }),
    commission: z.object({
      available: MoneyString.meta({ description: "Claimable now (from 0.01).", example: "3.12" }),
      accrued: MoneyString.meta({ description: "Accrued ever, rounded down to the cent.", example: "15.40" }),
      claimed: MoneyString.meta({ description: "Claimed ever.", example: "12.28" }),
    }),
    claims: z
      .array(z.object({ id: z.string(), amount: MoneyString, createdAt: IsoTimestamp }))
      .meta({ description: "The last 20 commission claims, newest first." }),
  })
  .meta({ id: "Affiliate" });
export type Affiliate = z.infer<typeof AffiliateSchema>;

export const ReferralSchema = z
  .object({
    code: z.string().meta({ description: "The creator code entered.", example: "ACME-7" }),
    createdAt: IsoTimestamp,
    welcome: z
      .object({
        pack: z.object({ id: z.string(), slug: z.string(), name: z.string(), image: z.string() }).nullable(),
        openings: z.number().int().min(0),
        claimable: z.boolean().meta({ description: "Whether POST /v1/me/referral/welcome would open it now." }),
        claimedAt: IsoTimestamp.nullable(),
        waitsFor: z
          .enum(["deposit", "settings"])
          .nullable()
          .meta({ description: "deposit: after the first deposit; settings: the operator offers no welcome reward now." }),
      })
      .meta({ description: "The welcome reward: free openings after the account's first deposit, once." }),
  })
  .meta({ id: "Referral" });
export type Referral = z.infer<typeof ReferralSchema>;

export const ReferralStatusSchema = z
  .object({
    offered: z.boolean().meta({
      description:
        "false while this account may be given no reward (as GET /v1/rewards): the welcome reward is not offered (claimable false) and waits until it may be.",
    }),
    referral: ReferralSchema.nullable(),
    canEnter: z.boolean().meta({ description: "Whether POST /v1/me/referral would take a code now." }),
    enterBefore: IsoTimestamp.nullable().meta({ description: "Until when a code may be entered (sign-up plus the operator's window)." }),
  })
  .meta({ id: "ReferralStatus" });
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

export const WelcomeRewardSchema = z
  .object({
    openings: z
      .array(OpenResultSchema)
      .meta({ description: "Each free opening, in an opening's shape with its fairness (at consecutive nonces)." }),
  })
  .meta({ id: "WelcomeReward" });
export type WelcomeReward = z.infer<typeof WelcomeRewardSchema>;
