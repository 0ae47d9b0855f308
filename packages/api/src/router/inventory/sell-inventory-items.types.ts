import { z } from "zod";
import { MAX_ITEMS_PER_SALE, SellResultSchema } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const sellInventoryItemsInput = z.object({
  inventoryItemIds: z
    .array(IdInput)
    .min(1)
    .max(MAX_ITEMS_PER_SALE)
    .refine((ids) => new Set(ids).size === ids.length, "inventoryItemIds must not repeat an id")
    .meta({ description: `1 to ${MAX_ITEMS_PER_SALE} distinct ids of held inventory items.`, example: ["cmf3k2x7a0001pp01item0001"] }),
});
export const sellInventoryItemsOutput = SellResultSchema;
export const sellInventoryItemsMeta = restMeta({
  method: "POST",
  path: "/v1/inventory/sell",
  operationId: "inventory-sell",
  summary: "Sell held items for their value",
  description:
    "Credits the wallet with the value each item had when it was won. All or nothing: if any id is not a held item of the account, nothing is sold. An item can be sold only once, also when the request is retried or sent in parallel.",
  tags: ["Inventory"],
  errorResponses: {
    400: "Malformed input",
    404: "An item is not the account's or does not exist",
    409: "An item was already sold",
  },
});
