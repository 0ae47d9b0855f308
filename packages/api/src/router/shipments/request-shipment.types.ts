import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN, MAX_ITEMS_PER_SHIPMENT, ShipmentSchema } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const requestShipmentInput = z.object({
  inventoryItemIds: z
    .array(IdInput)
    .min(1)
    .max(MAX_ITEMS_PER_SHIPMENT)
    .refine((ids) => new Set(ids).size === ids.length, "inventoryItemIds must not repeat an id")
    .meta({
      description: `1 to ${MAX_ITEMS_PER_SHIPMENT} distinct ids of held, shippable inventory items.`,
      example: ["cmf3k2x7a0001pp01item0001"],
    }),
  addressId: IdInput.meta({ description: "A saved address of the account (POST /v1/addresses).", example: "cmf3k2x7a0001pp01adr00001" }),
  expectedFee: z.string().max(20).optional().meta({
    description:
      "Optional: the fee the player was shown (GET /v1/shipping/quote). If the address's zone now charges another, nothing is debited and the answer is 409.",
    example: "9.99",
  }),
});
export const requestShipmentOutput = ShipmentSchema;
const requestShipmentHeaders = z.object({
  "Idempotency-Key": z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional().meta({
    description:
      "Optional: 1 to 255 printable ASCII characters without spaces (0x21-0x7E), e.g. a UUID. A retry with the same key by the same account returns the same shipment and debits no second fee; the same key with other items or another address is a 409.",
    example: "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a4c70",
  }),
});
export const requestShipmentMeta = restMeta({
  method: "POST",
  path: "/v1/shipments",
  operationId: "shipments-create",
  summary: "Ship held items to a saved address",
  description:
    "Debits the flat fee of the address's country (GET /v1/shipping/quote) once for all the items and moves them to REDEEMING: they can no longer be sold or shipped again. All or nothing. The shipment then goes requested → approved → shipped (carrier, tracking number) → delivered, or is rejected or cancelled (POST /v1/shipments/{id}/cancel, until approved), which returns the items and the fee. Each step is a shipment.* event.",
  tags: ["Shipments"],
  requestHeaders: requestShipmentHeaders,
  successDescription: "The shipment, requested, with its fee",
  successStatus: 201,
  errorResponses: {
    400: "Malformed input, an item that does not ship (digital goods: sell it), a country we do not ship to, or INSUFFICIENT_BALANCE for the fee",
    404: "An item or the address is not the account's or does not exist",
    409: "An item is sold or already in a shipment, or the Idempotency-Key was used for another shipment",
  },
});
