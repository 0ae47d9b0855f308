import { z } from "zod";
import { IsoTimestamp } from "./fields.ts";

export const ApiKeySummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string().meta({ description: "The first characters of the key, safe to show.", example: "pp_live_AbCd" }),
    createdAt: IsoTimestamp,
    lastUsedAt: IsoTimestamp.nullable().meta({ description: "Updated at most about once a minute." }),
    revokedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "ApiKeySummary" });
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

export const NewApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    start: z.string(),
    apiKey: z.string().meta({ description: "The whole key. Shown once: only its hash is stored." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "NewApiKey" });
export type NewApiKey = z.infer<typeof NewApiKeySchema>;
