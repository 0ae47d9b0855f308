import { z } from "zod";
import { CountryCode, ShippingQuoteSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const quoteShippingInput = z.object({ country: CountryCode });
export const quoteShippingOutput = ShippingQuoteSchema;
export const quoteShippingMeta = restMeta({
  method: "GET",
  path: "/v1/shipping/quote",
  operationId: "shipping-quote",
  summary: "The shipping fee to a country",
  description: "One flat fee per shipment, however many items: the country's zone, else the default zone.",
  tags: ["Shipments"],
  errorResponses: { 400: "Malformed input or not a country code", 404: "We do not ship to the country" },
});
