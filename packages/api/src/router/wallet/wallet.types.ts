import { z } from "zod";
import { DEMO_DEPOSIT_MAX, LEDGER_PAGE_SIZE, LedgerPageSchema, WalletBalanceSchema } from "@prizepacks/core";
import { CursorInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const getWalletInput = z.void();
export const getWalletOutput = WalletBalanceSchema;
export const getWalletMeta = restMeta({
  method: "GET",
  path: "/v1/wallet",
  operationId: "wallet-get",
  summary: "The wallet balance",
  description:
    "The account's wallet: its balance (as a number and as an exact string) and the amount held by withdrawals still pending. The ledger of every change to it is `GET /v1/wallet/ledger`.",
  tags: ["Wallet"],
});

export const listLedgerInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: LEDGER_PAGE_SIZE, noun: "Entries" }),
});
export const listLedgerOutput = LedgerPageSchema;
export const listLedgerMeta = restMeta({
  method: "GET",
  path: "/v1/wallet/ledger",
  operationId: "wallet-ledger",
  summary: "Every change of the balance, newest first",
  description:
    "Deposits, openings (negative amounts), item sales and adjustments. The amounts of all entries sum to the balance. Cursor pagination: pass nextCursor as cursor until it is null.",
  tags: ["Wallet"],
  errorResponses: { 400: "Malformed input or cursor" },
});

/** Web only (no REST meta): play money for the demo. */
export const depositInput = z.object({
  amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, `amount must be an amount like "10.00", above 0.00 and at most ${DEMO_DEPOSIT_MAX}`),
});
export const depositOutput = WalletBalanceSchema;
