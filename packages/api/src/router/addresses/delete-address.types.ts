import { z } from "zod";
import { IdInput } from "../shared/inputs.ts";
import { restMeta } from "../shared/rest-meta.ts";

export const deleteAddressInput = z.object({
  id: IdInput.meta({ description: "The address's id.", example: "cmf3k2x7a0001pp01adr00001" }),
});
export const deleteAddressOutput = z.object({ deleted: z.literal(true) }).meta({ id: "AddressDeleted" });
export const deleteAddressMeta = restMeta({
  method: "DELETE",
  path: "/v1/addresses/{id}",
  operationId: "addresses-delete",
  summary: "Delete a saved address",
  description: "Shipments already requested keep the address they were sent to.",
  tags: ["Shipments"],
  errorResponses: { 404: "No such address of the account" },
});
