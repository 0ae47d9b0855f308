import { z } from "zod";
import "./input-messages.ts";
import { RARITIES } from "./catalog-labels.ts";

// The building blocks every feature's contract shares. The public shapes of the service are in
// the files beside this one, one per feature: domain functions return exactly these, the API
// declares them as tRPC outputs and trpc-to-openapi documents them.

/** No NUL and no unpaired surrogate: PostgreSQL cannot store either (22021). */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}

/** Every free-text input starts here, so no request can reach the database with text it would refuse. */
export const StorableText = z.string().refine(isStorableText, "must not contain NUL characters or unpaired surrogates");

/** An id of ours (or a slug) as an input: opaque, at most 200 characters. */
export const IdSchema = StorableText.min(1).max(200);

export const MoneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Decimal amount as a string with two decimals.", example: "4.99" });

export const RaritySchema = z
  .enum(RARITIES)
  .meta({ description: "COMMON, UNCOMMON, RARE, EPIC or LEGENDARY (lowest to highest).", example: "RARE" });
export const Sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({
    description: "SHA-256, 64 lower-case hex characters.",
    example: "5f0e3b9c7d2a41e8b6c3f09a1d7e2b4c8a6f3e1d0b9c7a5e3f1d2c4b6a8e0f13",
  });
export const ServerSeed = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({
    description: "32 random bytes as 64 lower-case hex characters.",
    example: "9b1c4e7a2d5f8036c1e4a7b0d3f6298c5e1a4d7b0c3f6e9a2d5b8c1e4f7a0d36",
  });
export const Nonce = z.number().int().min(0);
export const Ticket = z.number().int().min(1).max(100_000);
/** On an outcome: its leaf in the transparency log once logged (within seconds of the commit), else null. */
export const LeafIndex = z.number().int().min(0).nullable().meta({
  description:
    "The outcome's index in the public transparency log (GET /v1/transparency/proof/inclusion proves it), once logged within seconds of the commit; null until then.",
});
export const IsoTimestamp = z
  .string()
  .meta({ format: "date-time", description: "ISO 8601 timestamp (UTC).", example: "2026-11-23T12:00:00.000Z" });

export const NextCursor = z.string().nullable().meta({ description: "Pass as cursor to get the next page; null on the last page." });
