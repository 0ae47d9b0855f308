import { generateOpenApiDocument, type OpenApiMeta } from "trpc-to-openapi";
import { errorCodeStatus, ErrorResponseSchema } from "@prizepacks/core";
import { z } from "zod";
import { appRouter } from "./root.ts";

const rateLimitHeaders = {
  "RateLimit-Limit": { description: "Requests allowed in the window.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in the window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window frees up.", schema: { type: "integer" } },
};

type ErrorExample = { message: string; code: string };

const errorExamples: Record<string, ErrorExample> = {
  "400": { message: "limit: Too big: expected number to be <=100", code: "BAD_REQUEST" },
  "401": { message: "Invalid API key.", code: "UNAUTHORIZED" },
  "403": { message: "This account is banned.", code: "FORBIDDEN" },
  "404": { message: 'Pack "no-such-pack" was not found.', code: "NOT_FOUND" },
  "409": { message: "This Idempotency-Key was already used to open a different pack.", code: "CONFLICT" },
  "429": { message: "Rate limit exceeded: 30 requests per 60 s. Retry in 12 s.", code: "RATE_LIMITED" },
  "500": { message: "Internal server error.", code: "INTERNAL" },
  "503": { message: "The database is unavailable or busy; try again shortly.", code: "UNAVAILABLE" },
};

/** Every operation can meet an outage or a wait bound: the same 503 for all. */
const unavailableDescription = "The database (or, for opens, the rate limiter) is unavailable or a wait bound ran out; nothing was done. Retry after Retry-After seconds.";

const insufficientBalance = { message: "Insufficient balance: the pack costs 4.99, the wallet holds 1.20.", code: "INSUFFICIENT_BALANCE" };

/** Where an operation's error differs from its status's example above. */
const operationErrorExamples: Record<string, Record<string, ErrorExample>> = {
  "packs-open": { "400": insufficientBalance },
  "boxes-open": { "400": insufficientBalance },
  "inventory-sell": {
    "404": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was not found.', code: "NOT_FOUND" },
    "409": { message: 'Inventory item "cmf3k2x7a0001pp01item0001" was already sold.', code: "CONFLICT" },
  },
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Each operation's own error descriptions, from its meta. trpc-to-openapi keeps one response
 * object per error code for the whole document, so without this every 404 would read like
 * the first procedure's ("Pack not found or inactive"), a sale's included.
 */
function errorDescriptionsByOperation(): Map<string, Record<string, string>> {
  // tRPC keeps every procedure in one flat record keyed by its dotted path.
  const procedures = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>);
  const byOperation = new Map<string, Record<string, string>>();
  for (const procedure of procedures) {
    const openapi = procedure._def.meta?.openapi;
    if (openapi?.operationId && openapi.errorResponses && !Array.isArray(openapi.errorResponses)) {
      byOperation.set(openapi.operationId, openapi.errorResponses as Record<string, string>);
    }
  }
  return byOperation;
}

/** The OpenAPI document of the REST facade, generated from the router's meta and zod schemas. */
export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }) {
  const document = generateOpenApiDocument(appRouter, {
    title: "prizepacks REST API",
    version: "1.0.0",
    baseUrl,
    description: [
      "Open prize packs from bots and integrations. `/v1/packs` and `/v1/boxes` are the same API under two names.",
      "",
      "Authenticate every request with `Authorization: Bearer <key>` (recommended) or `X-Api-Key: <key>`. Keys look like `pp_live_` followed by 40 base62 characters and are created in the web app under Settings → API.",
      "",
      "Errors are JSON `{ message, code }`. When several apply, the first of 401, 403, 429, 404, 400 wins. Opens are limited to 30 per minute per key, other calls to a per-key limit (120 per minute by default); 429 responses carry `Retry-After` in seconds.",
      "",
      "Every opening is provably fair: `hash = HMAC-SHA256(serverSeed, clientSeed + \":\" + nonce)`, `result = floor(parseInt(hash[0..13], 16) / 2^52 × 100000) + 1`, and the item whose ticket range holds `result` wins. Rotate the seed pair to reveal the server seed and verify.",
    ].join("\n"),
    securitySchemes: {
      bearerAuth: { type: "http", scheme: "bearer", description: "Authorization: Bearer pp_live_..." },
      apiKeyHeader: { type: "apiKey", in: "header", name: "X-Api-Key", description: "X-Api-Key: pp_live_..." },
    },
    tags: ["Packs", "Boxes", "Account", "Inventory", "History", "Wallet", "Fairness"],
  }) as Json;

  // The schema carries the meta id "Error", so zod emits it as a definition behind a root $ref.
  const errorJsonSchema = z.toJSONSchema(ErrorResponseSchema, { target: "openapi-3.0", unrepresentable: "any" }) as Json;
  document.components.schemas = { ...(document.components.schemas ?? {}), Error: errorJsonSchema.definitions.Error };

  const errorDescriptions = errorDescriptionsByOperation();
  for (const pathItem of Object.values(document.paths as Json)) {
    for (const operation of Object.values(pathItem as Json) as Json[]) {
      operation.responses["503"] ??= { description: unavailableDescription };
      for (const [status, response] of Object.entries(operation.responses as Json) as Array<[string, Json]>) {
        if (status.startsWith("2")) {
          response.headers = { ...(response.headers ?? {}), ...rateLimitHeaders };
          continue;
        }
        const description: string =
          status === "503" ? unavailableDescription : (errorDescriptions.get(operation.operationId)?.[status] ?? response.description);
        const example = operationErrorExamples[operation.operationId]?.[status] ??
          errorExamples[status] ?? { message: description, code: "BAD_REQUEST" };
        // A fresh object per operation: the generator's is shared by every operation with this code.
        operation.responses[status] = {
          description,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example } },
          ...((status === "429" || status === "503") && {
            headers: { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } } },
          }),
        };
      }
    }
  }
  document["x-error-codes"] = errorCodeStatus;
  return document;
}
