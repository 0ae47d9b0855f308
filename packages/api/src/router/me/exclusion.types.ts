import { z } from "zod";
import { ExclusionViewSchema, SetExclusionInputSchema } from "@prizepacks/core";

// Web sessions only, no REST: an exclusion cannot be undone, so it takes the password, and an
// API key may not set one (a leaked key could lock its player out for weeks with no remedy; a
// bot that wants to stop itself sets a low limit, which binds at once). Keys read it through
// GET /v1/me/limits.
export const setExclusionInput = SetExclusionInputSchema.extend({ password: z.string().min(1).max(128) });
export const setExclusionOutput = ExclusionViewSchema;

export const requestResumeInput = z.void();
export const requestResumeOutput = ExclusionViewSchema;
