import { z } from "zod";
import { ShipmentSchema } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const shipmentIdInput = z.object({
  id: IdInput.meta({ description: "The shipment's id.", example: "cmf3k2x7a0001pp01shp00001" }),
});
export const getShipmentOutput = ShipmentSchema;
export const getShipmentMeta = restMeta({
  method: "GET",
  path: "/v1/shipments/{id}",
  operationId: "shipments-get",
  summary: "One shipment: its state, items, address and tracking",
  description:
    "One of the account's shipments: its state from requested to delivered, the items in it, the fee, the address it goes to, and the carrier's tracking once shipped.",
  tags: ["Shipments"],
  errorResponses: { 404: "No such shipment of the account" },
});
