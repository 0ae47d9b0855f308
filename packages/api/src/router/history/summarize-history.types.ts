import { z } from "zod";
import { HistorySummarySchema } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const summarizeHistoryInput = z.object({
  packId: IdInput.optional().meta({ description: "Only openings of this pack (its id); battles are left out." }),
});
export const summarizeHistoryOutput = HistorySummarySchema;
export const summarizeHistoryMeta = restMeta({
  method: "GET",
  path: "/v1/history/summary",
  operationId: "history-summary",
  summary: "Totals over the account's games (openings and battles): how many, paid, won and net",
  description:
    "Totals over every game the account played (openings and battles): how many, what was paid and won, and the net. With `packId`, over that pack's openings only.",
  tags: ["History"],
  errorResponses: { 400: "Malformed input" },
});
