import { z } from "zod";
import { HISTORY_PAGE_SIZE, HistoryPageSchema } from "@prizepacks/core";
import { CursorInput, IdInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const listHistoryInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: HISTORY_PAGE_SIZE, noun: "Openings" }),
  packId: IdInput.optional().meta({ description: "Only openings of this pack (its id)." }),
});
export const listHistoryOutput = HistoryPageSchema;
export const listHistoryMeta = restMeta({
  method: "GET",
  path: "/v1/history",
  operationId: "history-list",
  summary: "The account's openings, newest first, with everything needed to verify them",
  description:
    "fairness.serverSeed is null while the opening's seed pair is active and revealed once it is retired (POST /v1/fairness/rotate). Cursor pagination: pass nextCursor as cursor until it is null.",
  tags: ["History"],
  errorResponses: { 400: "Malformed input or cursor" },
});
