import { z } from "zod";
import { INVENTORY_PAGE_SIZE, InventoryPageSchema, InventoryStatusSchema } from "@prizepacks/core";
import { CursorInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const listInventoryInput = z.object({
  status: InventoryStatusSchema.default("HELD").meta({ description: "HELD (default), SOLD, REDEEMING (in a shipment) or SHIPPED." }),
  cursor: CursorInput,
  limit: pageLimitInput({ default: INVENTORY_PAGE_SIZE, noun: "Items" }),
});
export const listInventoryOutput = InventoryPageSchema;
export const listInventoryMeta = restMeta({
  method: "GET",
  path: "/v1/inventory",
  operationId: "inventory-list",
  summary: "The account's won items, newest first, with the total value of what it holds",
  description: "Cursor pagination: pass the response's nextCursor as cursor until it is null.",
  tags: ["Inventory"],
  errorResponses: { 400: "Malformed input or cursor" },
});
