import { z } from "zod";
import { SHIPMENT_PAGE_SIZE, ShipmentPageSchema } from "@prizepacks/core";
import { CursorInput, pageLimitInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const listShipmentsInput = z.object({
  cursor: CursorInput,
  limit: pageLimitInput({ default: SHIPMENT_PAGE_SIZE, noun: "Shipments" }),
});
export const listShipmentsOutput = ShipmentPageSchema;
export const listShipmentsMeta = restMeta({
  method: "GET",
  path: "/v1/shipments",
  operationId: "shipments-list",
  summary: "The account's shipments, newest first",
  description: "Cursor pagination: pass nextCursor as cursor until it is null.",
  tags: ["Shipments"],
  errorResponses: { 400: "Malformed input or cursor" },
});
