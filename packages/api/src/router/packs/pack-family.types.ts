import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS, OpenResultSchema, PackDetailSchema, PackSummarySchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";
import { IdInput } from "../shared/inputs.ts";
import { CONDITIONAL_READ, NOT_MODIFIED, restMeta } from "../shared/rest-meta.ts";

/** Packs are also addressed as "boxes": both families have identical behaviour and shapes. */
export const packFamilies = ["packs", "boxes"] as const;
export type PackFamily = (typeof packFamilies)[number];

const IdOrSlug = IdInput.meta({ description: "The pack's id or its slug.", example: "budget-tech-drop" });

export const listPacksInput = z.void();
export const listPacksOutput = z.array(PackSummarySchema);

export const getPackInput = z.object({ idOrSlug: IdOrSlug });
export const getPackOutput = PackDetailSchema;

export const openPackInput = z.object({ idOrSlug: IdOrSlug });
export const openPackOutput = OpenResultSchema;
export const openPackHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .optional()
    .meta({
      description: `Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID; anything else is a 400. A retry with the same key by the same account within ${IDEMPOTENCY_WINDOW_HOURS} hours returns the original response and opens nothing; the same key on a different pack is a 409, and while the first request is still running a retry gets a 409 too.`,
      example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
    }),
});

const familyTag = (family: PackFamily) => (family === "packs" ? "Packs" : "Boxes");
const alias = (family: PackFamily) => (family === "boxes" ? " (alias of /v1/packs)" : "");

export function listPacksMeta(family: PackFamily): OpenApiMeta {
  return restMeta({
    method: "GET",
    path: `/v1/${family}`,
    operationId: `${family}-list`,
    summary: `List active packs${alias(family)}`,
    description: `Every active pack. Use its slug or id with the other endpoints. ${CONDITIONAL_READ}`,
    tags: [familyTag(family)],
    conditional: true,
    errorResponses: NOT_MODIFIED,
  });
}

export function getPackMeta(family: PackFamily): OpenApiMeta {
  return restMeta({
    method: "GET",
    path: `/v1/${family}/{idOrSlug}`,
    operationId: `${family}-get`,
    summary: `Get a pack with its items, chances and ticket ranges${alias(family)}`,
    description: `One active pack by its slug or id: every item with its value, rarity, chance and ticket range, and the oddsHash that fixes the odds table. What a bot reads to choose a pack and, later, to verify each draw of it. ${CONDITIONAL_READ}`,
    tags: [familyTag(family)],
    conditional: true,
    errorResponses: { ...NOT_MODIFIED, 404: "Pack not found or inactive" },
  });
}

export function openPackMeta(family: PackFamily): OpenApiMeta {
  return restMeta({
    method: "POST",
    path: `/v1/${family}/{idOrSlug}/open`,
    operationId: `${family}-open`,
    summary: `Open a pack${alias(family)}`,
    description:
      "Debits the pack price from the wallet, draws a ticket with the account's seed pair, creates an inventory item and returns it with the fairness data. No body is needed; a body, if sent, must be a JSON object (its fields are ignored). Limited to 30 requests per minute per API key.",
    tags: [familyTag(family)],
    requestHeaders: openPackHeaders,
    errorResponses: {
      400: "Insufficient balance, or malformed input",
      403: "Account banned, deleted or not verified; or LIMIT_REACHED (a spending limit: kind, period, resetsAt) or EXCLUDED (a time-out or self-exclusion: endsAt); or AGE_UNCONFIRMED (confirm the date of birth in the web app first)",
      404: "Pack not found or inactive",
      409: "Idempotency-Key reused for a different pack, or its first request is still running",
      429: "Rate limit exceeded (30 opens per minute per key)",
    },
  });
}
