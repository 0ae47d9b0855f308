import { z } from "zod";
import { ExchangeInputSchema, ExchangeResultSchema, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const createExchangeInput = ExchangeInputSchema;
export const createExchangeOutput = ExchangeResultSchema;
export const createExchangeMeta = restMeta({
  method: "POST",
  path: "/v1/exchanges",
  operationId: "exchanges-create",
  summary: "Trade held items for shippable items of the catalogue",
  description:
    "Allowed when the targets are worth at most the given items' value less the exchange fee; the given items become EXCHANGED, each target a new HELD item, and the remainder, rounded down to the cent, is paid to the wallet (an EXCHANGE ledger entry). All or nothing. Not a wager (no limit counts it), but refused during a time-out or self-exclusion. Limited per API key by the upgrades policy.",
  tags: ["Upgrades"],
  successStatus: 201,
  requestHeaders: z.object({
    "Idempotency-Key": z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN)
      .optional()
      .meta({
        description: `Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the original response and exchanges nothing more; the same key with other items is a 409.`,
        example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
      }),
  }),
  errorResponses: {
    400: "Malformed input; a target cannot be shipped; or the targets are worth more than the given items less the fee",
    403: "Account banned, deleted or not verified; or EXCLUDED (a time-out or self-exclusion), with the same details as an opening's",
    404: "An item is not the account's, or a target is not an item of an active pack",
    409: "An item is no longer held (sold, shipped, staked or exchanged), or the Idempotency-Key was used for another request",
    429: "Rate limit exceeded (the upgrades policy)",
  },
});
