import { z } from "zod";
import { ApiKeySummarySchema, NewApiKeySchema, StorableText } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";

// Web only (no REST meta): an API key cannot list, make or revoke keys.

export const listKeysInput = z.void();
export const listKeysOutput = z.array(ApiKeySummarySchema);

export const createKeyInput = z.object({ name: StorableText.trim().min(1, "Name the key").max(64) });
export const createKeyOutput = NewApiKeySchema;

export const revokeKeyInput = z.object({ id: IdInput });
export const revokeKeyOutput = z.object({ revoked: z.literal(true) });
