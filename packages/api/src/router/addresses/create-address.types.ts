import { AddressSchema, CreateAddressInputSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

// The input is the domain's own schema, written once beside createAddress.
export const createAddressInput = CreateAddressInputSchema;
export const createAddressOutput = AddressSchema;
export const createAddressMeta = restMeta({
  method: "POST",
  path: "/v1/addresses",
  operationId: "addresses-create",
  summary: "Save a postal address",
  description:
    "The postal code is checked against the country's format where the country has one. Addresses are shown only to their owner and never appear in events.",
  tags: ["Shipments"],
  successDescription: "The saved address",
  successStatus: 201,
  errorResponses: { 400: "Malformed input, an unknown country or a postal code not of its country", 409: "Too many saved addresses" },
});
