import { z } from "zod";
import { AccountSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const getMeInput = z.void();
export const getMeOutput = AccountSchema;
export const getMeMeta = restMeta({
  method: "GET",
  path: "/v1/me",
  operationId: "me-get",
  summary: "The key's account and wallet balance",
  description:
    "The account the API key belongs to: its id, e-mail, name and wallet balance. A cheap first call to check that a key works and whose it is.",
  tags: ["Account"],
});
