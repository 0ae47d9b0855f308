import { z } from "zod";
import { ClientSeedSchema, FairnessStateSchema, OddsTableSchema, RevealedSeedSchema, RotateResultSchema } from "@prizepacks/core";
import { publicRestMeta, restMeta } from "../shared/rest-meta.ts";

export const getFairnessInput = z.void();
export const getFairnessOutput = FairnessStateSchema;
export const getFairnessMeta = restMeta({
  method: "GET",
  path: "/v1/fairness",
  operationId: "fairness-get",
  summary: "The active seed pair: server seed hash, client seed, next nonce, next server seed hash",
  description:
    "The seed pair the account's next opening will be drawn with: the SHA-256 commitment of the secret server seed, the client seed, the next nonce, and the commitment of the server seed that comes after a rotation. Keep these to verify openings once the pair is rotated.",
  tags: ["Fairness"],
});

export const rotateSeedInput = z.object({
  clientSeed: ClientSeedSchema.optional().meta({ description: "The client seed of the new pair; random when omitted." }),
});
export const rotateSeedOutput = RotateResultSchema;
export const rotateSeedMeta = restMeta({
  method: "POST",
  path: "/v1/fairness/rotate",
  operationId: "fairness-rotate",
  summary: "Retire the active seed pair and reveal its server seed",
  description:
    "The pre-committed next server seed becomes active with nonce 0 and the given (or a random) client seed. The response reveals the retired server seed, so every opening made with it can be verified.",
  tags: ["Fairness"],
  errorResponses: { 400: "Malformed input", 409: "Another rotation of the same pair ran at the same moment; retry" },
});

const Hash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, "a SHA-256 as 64 lower-case hex characters")
  .meta({ description: "64 lower-case hex characters." });

export const getRevealedSeedInput = z.object({ serverSeedHash: Hash });
export const getRevealedSeedOutput = RevealedSeedSchema;
export const getRevealedSeedMeta = publicRestMeta({
  method: "GET",
  path: "/v1/fairness/seeds/{serverSeedHash}",
  operationId: "fairness-revealed-seed",
  summary: "A revealed server seed by its hash (no key)",
  description:
    "The server seed whose SHA-256 is serverSeedHash, once it is revealed: a seed pair's after its rotation, a battle's (its commitment) once settled. With the transparency log's leaves, anyone re-verifies every logged outcome of that seed (prizepacks-monitor does). 404 while the seed is secret, and for a hash nobody committed to.",
  tags: ["Fairness"],
  conditional: true,
  errorResponses: { 404: "Not revealed yet, or unknown" },
});

export const getOddsTableInput = z.object({ oddsHash: Hash });
export const getOddsTableOutput = OddsTableSchema;
export const getOddsTableMeta = publicRestMeta({
  method: "GET",
  path: "/v1/fairness/odds/{oddsHash}",
  operationId: "fairness-odds-table",
  summary: "An odds table by its oddsHash (no key)",
  description:
    "The ticket ranges whose canonical table hashes to oddsHash: what a logged opening's ticket is looked up in to find its item, for any odds version, current or retired.",
  tags: ["Fairness"],
  conditional: true,
  errorResponses: { 404: "No odds table has this hash" },
});
