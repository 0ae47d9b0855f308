import { z } from "zod";
import { ConfirmLimitChangeInputSchema, PlayerProtectionSchema, SetLimitInputSchema, SetLimitResultSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const getLimitsInput = z.void();
export const getLimitsOutput = PlayerProtectionSchema;
export const getLimitsMeta = restMeta({
  method: "GET",
  path: "/v1/me/limits",
  operationId: "me-limits-get",
  summary: "The account's spending limits, what counts against each now, pending changes and any time-out or self-exclusion",
  description:
    "The account's player protection: each spending limit (deposit, wager or loss over a rolling day, week or month) with what counts against it now, pending raises or removals, and any time-out or self-exclusion. Read it before opening to know what the next opening may be refused for.",
  tags: ["Account"],
});

export const setLimitInput = SetLimitInputSchema;
export const setLimitOutput = SetLimitResultSchema;
export const setLimitMeta = restMeta({
  method: "POST",
  path: "/v1/me/limits",
  operationId: "me-limits-set",
  summary: "Set, lower, raise or remove one spending limit",
  description:
    "A new or lower limit binds at once (`applied`). A raise, or a removal (`amount: null`), is only `pending`: it can be confirmed in the web app from 24 h after the request until 7 days after that, else it lapses; the current limit binds meanwhile. Limits bind every channel: openings refused with 403 LIMIT_REACHED and `resetsAt`.",
  tags: ["Account"],
  errorResponses: { 400: "Malformed input" },
});

/** Web only (no REST meta): loosening a limit needs the player in the web app, not a key. */
export const confirmLimitChangeInput = ConfirmLimitChangeInputSchema;
export const confirmLimitChangeOutput = PlayerProtectionSchema;
