import { z } from "zod";
import { WITHDRAWAL_PAGE_SIZE, WithdrawalPageSchema, WithdrawalSchema } from "@prizepacks/core";
import { CursorInput, IdInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const SecondFactorCode = z
  .string()
  .trim()
  .min(6, "code: enter the 6-digit code from your authenticator app, or a backup code")
  .max(64)
  .meta({ description: "The current TOTP code, or a backup code.", example: "123456" });

export const createWithdrawalInput = z.object({
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount must be an amount like "40.00"')
    .meta({ description: "What to withdraw, at least WITHDRAWAL_MIN.", example: "40.00" }),
  destinationId: IdInput.meta({ description: "A confirmed payout destination, usable 24 h after its confirmation." }),
  code: SecondFactorCode,
});
export const createWithdrawalOutput = WithdrawalSchema;
export const createWithdrawalMeta = restMeta({
  method: "POST",
  path: "/v1/withdrawals",
  operationId: "withdrawals-create",
  summary: "Withdraw (web app only)",
  description:
    "Always 403 with an API key: money leaves an account only from the signed-in web app with the account's second factor, so a leaked key cannot move it out. Listed here so a bot gets a clear answer.",
  tags: ["Withdrawals"],
  successDescription: "The withdrawal, requested and its amount reserved",
  errorResponses: {
    400: "Malformed input, an amount below WITHDRAWAL_MIN or above the daily maximum, or a wrong second-factor code",
    403: "Always with an API key (web app and second factor only); or no second factor set up; or the destination is not usable yet",
    404: "No such payout destination",
  },
});

export const listWithdrawalsInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: WITHDRAWAL_PAGE_SIZE, noun: "Withdrawals" }),
});
export const listWithdrawalsOutput = WithdrawalPageSchema;
export const listWithdrawalsMeta = restMeta({
  method: "GET",
  path: "/v1/withdrawals",
  operationId: "withdrawals-list",
  summary: "The account's withdrawals, newest first",
  description: "Cursor pagination: pass nextCursor as cursor until it is null. Keys can list withdrawals, never make one.",
  tags: ["Withdrawals"],
  errorResponses: { 400: "Malformed input or cursor" },
});

export const getWithdrawalInput = z.object({
  id: IdInput.meta({ description: "The withdrawal's id.", example: "cmf3k2x7a0001pp01wdr00001" }),
});
export const getWithdrawalOutput = WithdrawalSchema;
export const getWithdrawalMeta = restMeta({
  method: "GET",
  path: "/v1/withdrawals/{id}",
  operationId: "withdrawals-get",
  summary: "One withdrawal and its state",
  description:
    "One of the account's withdrawals: its amount, destination, state from requested to completed (or rejected or failed, with the reason) and when each step happened. Withdrawals are made in the web app; an API key can only follow them.",
  tags: ["Withdrawals"],
  errorResponses: { 404: "No such withdrawal of the account" },
});
