import { z } from "zod";
import { DEPOSIT_PAGE_SIZE, DepositPageSchema, DepositSchema, IDEMPOTENCY_KEY_PATTERN } from "@prizepacks/core";
import { CursorInput, IdInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const createDepositInput = z.object({
  amount: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'amount must be an amount like "25.00"')
    .meta({ description: "What to deposit, within DEPOSIT_MIN and DEPOSIT_MAX (the server's settings).", example: "25.00" }),
});
export const createDepositOutput = DepositSchema;
const createDepositHeaders = z.object({
  "Idempotency-Key": z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      "Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account returns the same deposit and creates no second invoice; the same key with another amount is a 409.",
    example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
  }),
});
export const createDepositMeta = restMeta({
  method: "POST",
  path: "/v1/deposits",
  operationId: "deposits-create",
  summary: "Start a deposit",
  description:
    "Creates a payment (a BTCPay Server invoice) for the amount and returns the deposit, pending, with its checkoutUrl: the player pays there. Once the payment settles the wallet is credited the amount exactly once (a deposit.settled and a wallet.changed event); an invoice left unpaid expires. A pending deposit counts against deposit limits. In demo mode the deposit is play money, settled at once.",
  tags: ["Deposits"],
  requestHeaders: createDepositHeaders,
  successDescription: "The deposit, pending (settled at once in demo mode)",
  successStatus: 201,
  errorResponses: {
    400: "Malformed input, or an amount outside DEPOSIT_MIN..DEPOSIT_MAX",
    403: "Account banned, deleted or not verified; deposits not available; or LIMIT_REACHED (a deposit limit: kind, period, resetsAt) or EXCLUDED (a time-out or self-exclusion: endsAt)",
    409: "Idempotency-Key reused for another amount, or its first request is still running",
    503: "The payment server (or the database) cannot be reached; nothing was created. Retry after Retry-After seconds.",
  },
});

export const listDepositsInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: DEPOSIT_PAGE_SIZE, noun: "Deposits" }),
});
export const listDepositsOutput = DepositPageSchema;
export const listDepositsMeta = restMeta({
  method: "GET",
  path: "/v1/deposits",
  operationId: "deposits-list",
  summary: "The account's deposits, newest first",
  description: "Cursor pagination: pass nextCursor as cursor until it is null.",
  tags: ["Deposits"],
  errorResponses: { 400: "Malformed input or cursor" },
});

export const getDepositInput = z.object({ id: IdInput.meta({ description: "The deposit's id.", example: "cmf3k2x7a0001pp01dep00001" }) });
export const getDepositOutput = DepositSchema;
export const getDepositMeta = restMeta({
  method: "GET",
  path: "/v1/deposits/{id}",
  operationId: "deposits-get",
  summary: "One deposit and its status",
  description:
    "One of the account's deposits: its amount, status (pending, settled, expired or invalid), the checkout URL to pay it while pending, and when it settled. Poll it, or follow `deposit.settled` events, to know when the money is credited.",
  tags: ["Deposits"],
  errorResponses: { 404: "No such deposit of the account" },
});
