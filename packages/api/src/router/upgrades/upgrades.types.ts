import { z } from "zod";
import {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_WINDOW_HOURS,
  MAX_UPGRADE_STAKE,
  UPGRADE_TARGETS_PAGE_SIZE,
  UPGRADES_PAGE_SIZE,
  UpgradeEntrySchema,
  UpgradeInputSchema,
  UpgradePageSchema,
  UpgradeQuoteSchema,
  UpgradeResultSchema,
  UpgradeTargetPageSchema,
} from "@prizepacks/core";
import { CursorInput, IdInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

const Amount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount like "25.00"')
  .optional();

export const listUpgradeTargetsInput = z.object({
  search: z.string().max(100).optional().meta({ description: "Only items whose name contains this (any case)." }),
  minValue: Amount.meta({ description: 'Only items worth at least this, e.g. "25.00".' }),
  maxValue: Amount.meta({ description: 'Only items worth at most this, e.g. "250.00".' }),
  cursor: CursorInput,
  limit: pageLimitInput({ default: UPGRADE_TARGETS_PAGE_SIZE, noun: "Items" }),
});
export const listUpgradeTargetsOutput = UpgradeTargetPageSchema;
export const listUpgradeTargetsMeta = restMeta({
  method: "GET",
  path: "/v1/upgrades/targets",
  operationId: "upgrades-targets",
  summary: "What an upgrade can aim at: every item of the active packs, once, cheapest first",
  description: "Search by name and filter by value; cursor pagination (pass nextCursor as cursor with the same filters until it is null).",
  tags: ["Upgrades"],
  errorResponses: { 400: "Malformed input or cursor" },
});

export const quoteUpgradeInput = z.object({
  inventoryItemIds: z
    .string()
    .regex(/^[^,]{1,200}(,[^,]{1,200}){0,9}$/, `inventoryItemIds: 1 to ${MAX_UPGRADE_STAKE} ids separated by commas`)
    .meta({
      description: `The stake: 1 to ${MAX_UPGRADE_STAKE} held inventory item ids, separated by commas.`,
      example: "cmf3k2x7a0001pp01item0001",
    }),
  targetItemId: IdInput.meta({ description: "The item to upgrade to (GET /v1/upgrades/targets).", example: "cmf3k2x7a0001pp01pitm0009" }),
});
export const quoteUpgradeOutput = UpgradeQuoteSchema;
export const quoteUpgradeMeta = restMeta({
  method: "GET",
  path: "/v1/upgrades/quote",
  operationId: "upgrades-quote",
  summary: "The chance, expected value and house edge of an upgrade, before asking for it",
  description:
    "chanceTickets = min(capTickets, floor(100000 × (10000 − edgeBps) × stake cents / (10000 × target cents))), exact in integers (upgrade/v1, see the fairness section). Nothing is written.",
  tags: ["Upgrades"],
  errorResponses: {
    400: "Malformed input; the target is not worth more than the stake (not an upgrade); or the chance is under 1 %",
    404: "An item is not the account's, or the target is not an item of an active pack",
    409: "An item is no longer held (sold, shipped, staked or exchanged)",
  },
});

export const createUpgradeInput = UpgradeInputSchema;
export const createUpgradeOutput = UpgradeResultSchema;
export const createUpgradeHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({
      description: `Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID; anything else is a 400. A retry with the same key by the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the original response and rolls nothing; the same key with another stake or target is a 409.`,
      example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
    }),
});
export const createUpgradeMeta = restMeta({
  method: "POST",
  path: "/v1/upgrades",
  operationId: "upgrades-create",
  summary: "Stake held items for a chance at a pricier one (upgrade/v1)",
  description:
    "Rolls upgrade/v1 on the account's seed pair at its next nonce (shared with openings): the stake's items become UPGRADED whatever the outcome; a win adds the target as a new HELD item. The stake's value counts as a wager and the stake less what was won as a loss against the account's limits. All or nothing; an item is staked once, also when the request is retried or sent in parallel. Limited per API key by the upgrades policy (the opening's limit does not apply).",
  tags: ["Upgrades"],
  successStatus: 201,
  requestHeaders: createUpgradeHeaders,
  errorResponses: {
    400: "Malformed input; the target is not worth more than the stake (not an upgrade); or the chance is under 1 %",
    403: "Account banned, deleted or not verified; or LIMIT_REACHED, EXCLUDED or AGE_UNCONFIRMED, with the same details as an opening's",
    404: "An item is not the account's, or the target is not an item of an active pack",
    409: "An item is no longer held (sold, shipped, staked or exchanged), or the Idempotency-Key was used for another request",
    429: "Rate limit exceeded (the upgrades policy)",
  },
});

export const listUpgradesInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: UPGRADES_PAGE_SIZE, noun: "Upgrades" }),
});
export const listUpgradesOutput = UpgradePageSchema;
export const listUpgradesMeta = restMeta({
  method: "GET",
  path: "/v1/upgrades",
  operationId: "upgrades-list",
  summary: "The account's upgrades, newest first, with everything needed to verify them",
  description:
    "fairness.serverSeed is null while the upgrade's seed pair is active and revealed once it is retired (POST /v1/fairness/rotate).",
  tags: ["Upgrades"],
  errorResponses: { 400: "Malformed input or cursor" },
});

export const getUpgradeInput = z.object({ id: IdInput.meta({ description: "The upgrade's id.", example: "cmf3k2x7a0001pp01upg00001" }) });
export const getUpgradeOutput = UpgradeEntrySchema;
export const getUpgradeMeta = restMeta({
  method: "GET",
  path: "/v1/upgrades/{id}",
  operationId: "upgrades-get",
  summary: "One upgrade of the account",
  description: "One upgrade of the account with its stake, target, chance and the fairness data that verifies its roll (upgrade/v1).",
  tags: ["Upgrades"],
  errorResponses: { 400: "Malformed input", 404: "No such upgrade of the account" },
});
