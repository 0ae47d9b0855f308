import { z } from "zod";
import { ClientSeedSchema, FairnessStateSchema, RotateResultSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

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
