import { z } from "zod";
import { InventoryPageSchema, InventoryStatusSchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";
import { CursorInput, pageLimitInput } from "../shared/inputs.ts";

const authErrors = { 401: "API key missing or invalid", 403: "Account banned, deleted or not verified", 429: "Rate limit exceeded" };

export const listInventoryInput = z.object({
  status: InventoryStatusSchema.default("HELD").meta({ description: "HELD (default) or SOLD." }),
  cursor: CursorInput,
  limit: pageLimitInput({ default: 50, noun: "Items" }),
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
