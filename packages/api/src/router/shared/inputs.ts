import { z } from "zod";
import { IdSchema, MAX_PAGE_SIZE } from "@prizepacks/core";

// Inputs that several procedures share: one definition each.

/** An id of ours (or a slug): opaque, at most 200 characters (the domain's IdSchema). */
export const IdInput = IdSchema;

export const CursorInput = IdInput.optional().meta({ description: "The nextCursor of the previous page." });

export function pageLimitInput({ default: fallback, noun }: { default: number; noun: string }) {
  // A number, as tRPC takes it; on /v1 the query's text is read as one only when well formed (rest.ts).
  return z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(fallback)
    .meta({ description: `${noun} per page, 1 to ${MAX_PAGE_SIZE} (default ${fallback}).` });
}
