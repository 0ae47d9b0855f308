import { z } from "zod";
import {
  DailyCaseResultSchema,
  PromoRedeemInputSchema,
  PromoRedemptionSchema,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_HOURS,
  RakebackClaimSchema,
  RewardsSchema,
} from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

const REFUSED =
  "EXCLUDED, LIMIT_REACHED (a loss or wager limit reached), AGE_UNCONFIRMED or KYC_REQUIRED: no reward is offered or given to this account now (the details as an opening's); or REWARD_NOT_ELIGIBLE";

export const claimHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({
      description: `Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID; anything else is a 400. A retry with the same key by the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the original response and credits nothing more.`,
      example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
    }),
});

export const getRewardsInput = z.object({});
export const getRewardsOutput = RewardsSchema;
export const getRewardsMeta = restMeta({
  method: "GET",
  path: "/v1/rewards",
  operationId: "rewards-get",
  summary: "The account's level, XP, next level, rakeback available and the daily case",
  description:
    "XP is the cents wagered, ever (openings, battle entries, upgrade stakes). Rakeback accrues on every wager at the level's rate of its expected house take and is claimable from 0.01. While the account may be given no reward (excluded, on a time-out, at a reached loss or wager limit, age not confirmed, refused by identity checks) offered is false and nothing is offered.",
  tags: ["Rewards"],
});

export const claimRakebackInput = z.object({});
export const claimRakebackOutput = RakebackClaimSchema;
export const claimRakebackMeta = restMeta({
  method: "POST",
  path: "/v1/rewards/rakeback/claim",
  operationId: "rewards-rakeback-claim",
  summary: "Claim the rakeback available, as one REWARD ledger entry",
  description:
    "Credits everything claimable (from 0.01; the sub-cent remainder carries) to the wallet as one REWARD entry (source rakeback). No wagering requirement: withdrawable like any balance. Parallel claims credit once. When the operator's daily reward budget would be passed, the claim waits for the next UTC day (409 REWARD_BUDGET_SPENT with Retry-After).",
  tags: ["Rewards"],
  successStatus: 201,
  requestHeaders: claimHeaders,
  errorResponses: {
    400: "Malformed Idempotency-Key",
    403: REFUSED,
    409: "Nothing to claim yet (under 0.01); the Idempotency-Key is still being processed; or REWARD_BUDGET_SPENT: today's reward budget would be passed (Retry-After: seconds to the next UTC day)",
    429: "Rate limit exceeded (the rewards policy)",
  },
});

export const openDailyCaseInput = z.object({});
export const openDailyCaseOutput = DailyCaseResultSchema;
export const openDailyCaseMeta = restMeta({
  method: "POST",
  path: "/v1/rewards/daily",
  operationId: "rewards-daily-open",
  summary: "Open the daily case: one free opening every 24 h of the pack for the account's level",
  description:
    "Draws like any opening, HMAC-SHA256(serverSeed, clientSeed + \":\" + nonce) on the account's seed pair at its next nonce, and answers in an opening's shape with its fairness; the item goes to the inventory and the history lists it with kind daily (price 0.00). Needs a verified e-mail, a confirmed age and the operator's minimum wagered in the last 7 days (GET /v1/rewards says which are met). Not a wager: no XP, no rakeback. The next one opens 24 h after this one.",
  tags: ["Rewards"],
  successStatus: 201,
  requestHeaders: claimHeaders,
  errorResponses: {
    400: "Malformed Idempotency-Key",
    403: `${REFUSED}: the daily case is switched off, a requirement is not met, or the level has no daily case`,
    409: "Opened less than 24 h ago (Retry-After: seconds until the next); the Idempotency-Key is still being processed; or REWARD_BUDGET_SPENT (Retry-After: seconds to the next UTC day)",
    429: "Rate limit exceeded (the rewards policy)",
  },
});

export const redeemPromoCodeInput = PromoRedeemInputSchema;
export const redeemPromoCodeOutput = PromoRedemptionSchema;
export const redeemPromoCodeMeta = restMeta({
  method: "POST",
  path: "/v1/promo-codes/redeem",
  operationId: "promo-codes-redeem",
  summary: "Redeem a promo code: cash to the wallet, or free openings opened at once",
  description:
    "Each account redeems a code once; a code is never redeemed past its maximum (of many accounts racing for its last redemption, one gets it). Cash is one REWARD ledger entry (source promo), with no wagering requirement; free openings are drawn like any opening on the account's seed pair at its next nonces and listed in the history. Within the operator's daily reward budget.",
  tags: ["Rewards"],
  successStatus: 201,
  requestHeaders: claimHeaders,
  errorResponses: {
    400: "Malformed code or Idempotency-Key",
    403: `${REFUSED}: the code has expired, or is for a higher level or for accounts that made a deposit`,
    404: "No such promo code",
    409: "Already redeemed by this account, fully redeemed, the Idempotency-Key is still being processed, or REWARD_BUDGET_SPENT (Retry-After: seconds to the next UTC day)",
    429: "Rate limit exceeded (the rewards policy)",
  },
});
