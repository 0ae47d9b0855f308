import { errorCodeStatus, type ErrorCode, type ErrorResponse } from "@prizepacks/core";
import { challengeHeader, rateLimitHeaders, retryAfterHeader } from "./headers.ts";
import type { ProcedurePath } from "./procedures.ts";

/** Examples of one operation's errors, by status. */
export type ErrorExamples = Partial<Record<string, ErrorResponse>>;

/** One example body per error code, each a message the server really sends. */
export const errorExamples: Record<ErrorCode, ErrorResponse> = {
  BAD_REQUEST: {
    message: "limit: must be at most 100",
    code: "BAD_REQUEST",
    issues: [{ path: ["limit"], message: "must be at most 100" }],
  },
  INSUFFICIENT_BALANCE: { message: "Insufficient balance: the pack costs $4.99, the wallet holds $1.20.", code: "INSUFFICIENT_BALANCE" },
  UNAUTHORIZED: { message: "Invalid API key.", code: "UNAUTHORIZED" },
  FORBIDDEN: { message: "This account is banned.", code: "FORBIDDEN" },
  LIMIT_REACHED: {
    message:
      "Your loss limit of $5.00 a day is reached ($4.00 counts now, this asks for $3.00); it allows this again at 2026-11-25T09:14:03.120Z.",
    code: "LIMIT_REACHED",
    kind: "loss",
    period: "day",
    resetsAt: "2026-11-25T09:14:03.120Z",
  },
  EXCLUDED: {
    message:
      "This account has taken a time-out until 2026-12-01T18:00:00.000Z: openings, battles, upgrades, exchanges and deposits are paused.",
    code: "EXCLUDED",
    kind: "timeout",
    period: "7d",
    endsAt: "2026-12-01T18:00:00.000Z",
  },
  UNDER_AGE: { message: "You must be at least 18 years old to use prizepacks.", code: "UNDER_AGE" },
  AGE_UNCONFIRMED: {
    message: "Confirm your date of birth before playing (openings, battles, upgrades): sign in to the web app and go to /settings/age.",
    code: "AGE_UNCONFIRMED",
  },
  AGE_REVIEW_REQUIRED: {
    message:
      "This date of birth differs from one refused before for this e-mail address or account. An operator will review it; until then no other date can be accepted.",
    code: "AGE_REVIEW_REQUIRED",
  },
  KYC_REQUIRED: {
    message: "Withdrawals need a verified identity. Start the check from your wallet (/wallet#verification).",
    code: "KYC_REQUIRED",
    requiredFor: "withdrawal",
    reason: "withdrawal",
    threshold: null,
    verifyAt: "/wallet#verification",
  },
  REWARD_NOT_ELIGIBLE: { message: "Rakeback is switched off for now; what accrued is kept.", code: "REWARD_NOT_ELIGIBLE" },
  NOT_FOUND: { message: 'Pack "no-such-pack" was not found.', code: "NOT_FOUND" },
  CONFLICT: { message: "This Idempotency-Key was already used to open a different pack.", code: "CONFLICT" },
  REWARD_BUDGET_SPENT: {
    message:
      "Today's reward budget ($1,000.00) is spent: this claim of $1.09 waits until the next day, 2026-11-24T00:00:00.000Z (UTC). Nothing was lost: claim again then.",
    code: "REWARD_BUDGET_SPENT",
    retryAfter: 42_540,
  },
  PAYLOAD_TOO_LARGE: { message: "The photo is larger than 5 MB.", code: "PAYLOAD_TOO_LARGE" },
  UNSUPPORTED_MEDIA_TYPE: { message: "That file is not a PNG, JPEG or WebP image.", code: "UNSUPPORTED_MEDIA_TYPE" },
  RATE_LIMITED: { message: "Rate limit exceeded: 30 requests per 60 s. Retry in 12 s.", code: "RATE_LIMITED", retryAfter: 12 },
  INTERNAL: { message: "Internal server error.", code: "INTERNAL", requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41" },
  UNAVAILABLE: {
    message: "The database is unavailable or busy; try again shortly.",
    code: "UNAVAILABLE",
    retryAfter: 2,
    requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
  },
};

/**
 * Each status's example, built by walking the one error table in its order: a status shows
 * its first code's example (400: BAD_REQUEST, not INSUFFICIENT_BALANCE).
 */
const examplesByStatus = new Map<string, ErrorResponse>();
for (const [code, status] of Object.entries(errorCodeStatus) as Array<[ErrorCode, number]>) {
  if (!examplesByStatus.has(String(status))) examplesByStatus.set(String(status), errorExamples[code]);
}

function exampleFor(status: string): ErrorResponse {
  const example = examplesByStatus.get(status);
  if (!example) throw new Error(`No error code has status ${status}: add it to errorCodeStatus first.`);
  return example;
}

const openErrorExamples: ErrorExamples = { "400": errorExamples.INSUFFICIENT_BALANCE, "403": errorExamples.LIMIT_REACHED };

/** Where a procedure's error differs from its status's example above, by the procedure's path in the router. */
export const procedureErrorExamples: { [Path in ProcedurePath]?: ErrorExamples } = {
  "packs.open": openErrorExamples,
  "boxes.open": openErrorExamples,
  "fairness.rotate": {
    "400": {
      message: "clientSeed: clientSeed must be 1-64 printable ASCII characters without spaces",
      code: "BAD_REQUEST",
      issues: [{ path: ["clientSeed"], message: "clientSeed must be 1-64 printable ASCII characters without spaces" }],
    },
    "409": { message: "The seed pair was rotated concurrently; try again.", code: "CONFLICT" },
  },
  "deposits.create": {
    "400": { message: "A deposit must be at least $5.00 and at most $1,000.00.", code: "BAD_REQUEST" },
    "403": errorExamples.EXCLUDED,
    "409": { message: "This Idempotency-Key was already used for a deposit of another amount.", code: "CONFLICT" },
    "503": {
      message: "Deposits are unavailable: the payment server cannot be reached; try again shortly.",
      code: "UNAVAILABLE",
      retryAfter: 10,
      requestId: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
    },
  },
  "rewards.claimRakeback": {
    "403": {
      message:
        "No rewards are offered or given to this account now. This account has taken a time-out until 2026-12-01T18:00:00.000Z: opening packs and deposits are paused.",
      code: "EXCLUDED",
      kind: "timeout",
      period: "7d",
      endsAt: "2026-12-01T18:00:00.000Z",
    },
    "409": errorExamples.REWARD_BUDGET_SPENT,
  },
  "rewards.openDaily": {
    "403": {
      message: "The daily case needs $10.00 wagered in the last 7 days ($4.99 so far).",
      code: "REWARD_NOT_ELIGIBLE",
    },
    "409": {
      message: "The daily case was opened less than 24 hours ago: the next one opens at 2026-11-24T12:00:00.000Z.",
      code: "CONFLICT",
      retryAfter: 3_600,
    },
  },
  "deposits.get": { "404": { message: "No such deposit.", code: "NOT_FOUND" } },
  "inventory.sell": {
    "400": {
      message: "inventoryItemIds: must not be empty",
      code: "BAD_REQUEST",
      issues: [{ path: ["inventoryItemIds"], message: "must not be empty" }],
    },
    "404": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was not found.', code: "NOT_FOUND" },
    "409": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was already sold.', code: "CONFLICT" },
  },
};

/** An error response of one operation: its description, the headers of its status, and its example (the operation's own, else its status's). */
export function errorResponse(status: string, description: string, examples: ErrorExamples | undefined): Record<string, unknown> {
  return {
    description,
    headers: {
      ...(status !== "401" && status !== "500" && rateLimitHeaders),
      ...(status === "401" && challengeHeader),
      ...((status === "429" || status === "503") && retryAfterHeader),
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: examples?.[status] ?? exampleFor(status) } },
  };
}
