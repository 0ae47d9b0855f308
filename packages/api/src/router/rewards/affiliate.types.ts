import { z } from "zod";
import {
  AffiliateSchema,
  CreatorCodeInputSchema,
  CreatorCodeSchema,
  RakebackClaimSchema,
  ReferralInputSchema,
  ReferralStatusSchema,
  WelcomeRewardSchema,
} from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";
import { claimHeaders } from "./rewards.types.ts";

const REFUSED =
  "EXCLUDED, LIMIT_REACHED (a loss or wager limit reached), AGE_UNCONFIRMED or KYC_REQUIRED: no reward is offered or given to this account now (the details as an opening's); or REWARD_NOT_ELIGIBLE";

export const getAffiliateInput = z.object({});
export const getAffiliateOutput = AffiliateSchema;
export const getAffiliateMeta = restMeta({
  method: "GET",
  path: "/v1/affiliate",
  operationId: "affiliate-get",
  summary: "The account's creator code, its referrals (counts only), commission and claims",
  description:
    "A creator earns the operator's commission (commissionBps of a referred player's expected house take) on each referred account's wagers for commissionDays from its referral. Referrals are counts: how many, how many still earning, how many played in the last 30 days, and how many deposited within each bucket; never who. Commission accrues even while this account may be given no reward, but cannot be claimed then (offered false).",
  tags: ["Affiliates"],
});

export const createCreatorCodeInput = CreatorCodeInputSchema;
export const createCreatorCodeOutput = CreatorCodeSchema;
export const createCreatorCodeMeta = restMeta({
  method: "POST",
  path: "/v1/affiliate/code",
  operationId: "affiliate-code-create",
  summary: "Create the account's creator code (one per account)",
  description:
    "3 to 16 letters, digits or -, unique in any case. Needs a verified e-mail address. The operator may rename or disable a code.",
  tags: ["Affiliates"],
  successStatus: 201,
  errorResponses: {
    400: "Malformed code",
    403: "REWARD_NOT_ELIGIBLE: the e-mail address is not verified, or creator codes are switched off",
    409: "The code is taken, or this account has a code already",
  },
});

export const claimCommissionInput = z.object({});
export const claimCommissionOutput = RakebackClaimSchema;
export const claimCommissionMeta = restMeta({
  method: "POST",
  path: "/v1/affiliate/claim",
  operationId: "affiliate-claim",
  summary: "Claim the commission available, as one REWARD ledger entry",
  description:
    "Credits everything claimable (from 0.01; the sub-cent remainder carries) as one REWARD entry (source commission). No wagering requirement. Parallel claims credit once. Within the operator's daily reward budget.",
  tags: ["Affiliates"],
  successStatus: 201,
  requestHeaders: claimHeaders,
  errorResponses: {
    400: "Malformed Idempotency-Key",
    403: `${REFUSED}: creator codes are switched off`,
    404: "This account has no creator code",
    409: "Nothing to claim yet (under 0.01); the Idempotency-Key is still being processed; or REWARD_BUDGET_SPENT (Retry-After: seconds to the next UTC day)",
    429: "Rate limit exceeded (the rewards policy)",
  },
});

export const getReferralInput = z.object({});
export const getReferralOutput = ReferralStatusSchema;
export const getReferralMeta = restMeta({
  method: "GET",
  path: "/v1/me/referral",
  operationId: "me-referral-get",
  summary: "The creator code this account entered and its welcome reward, or until when one may be entered",
  description:
    "referral is null until a code is entered; canEnter says whether POST /v1/me/referral would take one now (within the operator's window from sign-up, 24 h by default). The welcome reward says what it waits for: the first deposit, or the operator (no welcome reward offered now).",
  tags: ["Affiliates"],
});

export const enterReferralInput = ReferralInputSchema;
export const enterReferralOutput = ReferralStatusSchema;
export const enterReferralMeta = restMeta({
  method: "POST",
  path: "/v1/me/referral",
  operationId: "me-referral-enter",
  summary: "Enter a creator code (once, within the operator's window from sign-up, 24 h by default)",
  description:
    "Never the account's own code. After the account's first deposit it may open the welcome reward (POST /v1/me/referral/welcome), and the creator earns commission on its wagers for the operator's window (90 days by default).",
  tags: ["Affiliates"],
  successStatus: 201,
  errorResponses: {
    400: "Malformed code",
    403: "REWARD_NOT_ELIGIBLE: the window from sign-up has passed, the code is the account's own, or creator codes are switched off",
    404: "No such creator code (or it is disabled)",
    409: "This account has entered a code already",
  },
});

export const claimWelcomeInput = z.object({});
export const claimWelcomeOutput = WelcomeRewardSchema;
export const claimWelcomeMeta = restMeta({
  method: "POST",
  path: "/v1/me/referral/welcome",
  operationId: "me-referral-welcome",
  summary: "Open the welcome reward of a referred account: free openings, once, after its first deposit",
  description:
    "Each opening is drawn like any opening on the account's seed pair at its next nonces and listed in the history; the items go to the inventory. Within the operator's daily reward budget.",
  tags: ["Affiliates"],
  successStatus: 201,
  requestHeaders: claimHeaders,
  errorResponses: {
    400: "Malformed Idempotency-Key",
    403: `${REFUSED}: no deposit yet, no welcome reward configured, or creator codes are switched off`,
    404: "This account entered no creator code",
    409: "Already opened; the Idempotency-Key is still being processed; or REWARD_BUDGET_SPENT (Retry-After: seconds to the next UTC day)",
    429: "Rate limit exceeded (the rewards policy)",
  },
});
