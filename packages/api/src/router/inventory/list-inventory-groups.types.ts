import { z } from "zod";
import { InventoryGroupSortSchema, InventoryGroupsSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const listInventoryGroupsInput = z.object({
  sort: InventoryGroupSortSchema.default("value-desc").meta({
    description:
      "value-desc (default: highest value each first), value-asc, count (most copies first), name, or newest (latest won first).",
  }),
});
export const listInventoryGroupsOutput = InventoryGroupsSchema;
export const listInventoryGroupsMeta = restMeta({
  method: "GET",
  path: "/v1/inventory/groups",
  operationId: "inventory-groups",
  summary: "The account's held items grouped by item, with how many it holds of each and their total value",
  description:
    "The items the account holds, one group per item with how many copies it holds and their value, and the totals over all of them. For showing an inventory of many copies compactly; `GET /v1/inventory` lists each copy with its id for selling.",
  tags: ["Inventory"],
  errorResponses: { 400: "Malformed input" },
});
