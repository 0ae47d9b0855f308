import { z } from "zod";
import { ClientSeedSchema, FairnessStateSchema, RotateResultSchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";

const authErrors = { 401: "API key missing or invalid", 403: "Account banned, deleted or not verified", 429: "Rate limit exceeded" };

export const getFairnessInput = z.void();
export const getFairnessOutput = FairnessStateSchema;
export const getFairnessMeta: OpenApiMeta = {
  openapi: {
    method: "GET",
    path: "/v1/fairness",
    operationId: "fairness-get",
    summary: "The active seed pair: server seed hash, client seed, next nonce, next server seed hash",
    tags: ["Fairness"],
    protect: true,
    errorResponses: authErrors,
  },
};

export const rotateSeedInput = z.object({
  clientSeed: ClientSeedSchema.optional().meta({ description: "The client seed of the new pair; random when omitted." }),
});
export const rotateSeedOutput = RotateResultSchema;
export const rotateSeedMeta: OpenApiMeta = {
  openapi: {
    method: "POST",
    path: "/v1/fairness/rotate",
    operationId: "fairness-rotate",
    summary: "Retire the active seed pair and reveal its server seed",
    description:
      "The pre-committed next server seed becomes active with nonce 0 and the given (or a random) client seed. The response reveals the retired server seed, so every opening made with it can be verified.",
    tags: ["Fairness"],
    protect: true,
    errorResponses: { 400: "Malformed input", ...authErrors, 409: "Another rotation of the same pair ran at the same moment; retry" },
  },
};
