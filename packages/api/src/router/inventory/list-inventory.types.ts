import { z } from "zod";
import { InventoryPageSchema, InventoryStatusSchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";

const authErrors = { 401: "API key missing or invalid", 403: "Account banned, deleted or not verified", 429: "Rate limit exceeded" };

export const listInventoryInput = z.object({
  status: InventoryStatusSchema.default("HELD").meta({ description: "HELD (default) or SOLD." }),
  cursor: z.string().min(1).max(200).optional().meta({ description: "The nextCursor of the previous page." }),
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: "Items per page, 1 to 100 (default 50)." }),
});
export const listInventoryOutput = InventoryPageSchema;
export const listInventoryMeta: OpenApiMeta = {
  openapi: {
    method: "GET",
    path: "/v1/inventory",
    operationId: "inventory-list",
    summary: "The account's won items, newest first, with the total value of what it holds",
    description: "Cursor pagination: pass the response's nextCursor as cursor until it is null.",
    tags: ["Inventory"],
    protect: true,
    errorResponses: { 400: "Malformed input or cursor", ...authErrors },
  },
};
