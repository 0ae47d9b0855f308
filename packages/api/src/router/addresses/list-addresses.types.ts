import { z } from "zod";
import { AddressSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const listAddressesInput = z.object({});
export const listAddressesOutput = z
  .object({ addresses: z.array(AddressSchema).meta({ description: "Newest first." }) })
  .meta({ id: "AddressList" });
export const listAddressesMeta = restMeta({
  method: "GET",
  path: "/v1/addresses",
  operationId: "addresses-list",
  summary: "The account's saved addresses",
  description: "The account's saved postal addresses, newest first, to choose one for a shipment. Deleted addresses are not listed.",
  tags: ["Shipments"],
});
