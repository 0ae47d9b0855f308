import { z } from "zod";
import { HistoryPageSchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";
import { CursorInput, IdInput, pageLimitInput } from "../shared/inputs.ts";

export const listHistoryInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: 20, noun: "Openings" }),
  packId: IdInput.optional().meta({ description: "Only openings of this pack (its id)." }),
});
export const listHistoryOutput = HistoryPageSchema;
export const listHistoryMeta: OpenApiMeta = {
  openapi: {
    method: "GET",
    path: "/v1/history",
    operationId: "history-list",
    summary: "The account's openings, newest first, with everything needed to verify them",
    description:
      "fairness.serverSeed is null while the opening's seed pair is active and revealed once it is retired (POST /v1/fairness/rotate). Cursor pagination: pass nextCursor as cursor until it is null.",
    tags: ["History"],
    protect: true,
    errorResponses: {
      400: "Malformed input or cursor",
      401: "API key missing or invalid",
      403: "Account banned, deleted or not verified",
      429: "Rate limit exceeded",
    },
  },
};
