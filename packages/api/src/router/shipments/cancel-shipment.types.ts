import { ShipmentSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export { shipmentIdInput as cancelShipmentInput } from "./get-shipment.types.ts";
export const cancelShipmentOutput = ShipmentSchema;
export const cancelShipmentMeta = restMeta({
  method: "POST",
  path: "/v1/shipments/{id}/cancel",
  operationId: "shipments-cancel",
  summary: "Cancel a shipment not yet approved",
  description: "Returns its items to HELD and refunds its fee, once (a shipment.cancelled and a wallet.changed event).",
  tags: ["Shipments"],
  errorResponses: { 404: "No such shipment of the account", 409: "The shipment was already approved, shipped or closed" },
});
