import { z } from "zod";
import { VerificationSchema, VerificationStartSchema } from "@prizepacks/core";
import { restMeta } from "../shared/rest-meta.ts";

export const getVerificationInput = z.void();
export const getVerificationOutput = VerificationSchema;
export const getVerificationMeta = restMeta({
  method: "GET",
  path: "/v1/me/verification",
  operationId: "me-verification-get",
  summary: "The account's identity check (KYC): its status, what waits on it, and the reviewer's reason",
  description:
    "Where the account's identity check stands: `none` (not started), `pending`, `verified`, `retry` (refused; the player may send documents again) or `rejected` (refused for good). `requiredFor` lists what needs a verified identity under the operator's rules (a withdrawal always; deposits once 30 days of deposits reach the due-diligence threshold; everything after a final rejection). `reason` is the reviewer's note to the player with `retry` and `rejected`. A check is started in the web app, where the provider's check runs.",
  tags: ["Account"],
});

/** Web only (no REST meta): the provider's check runs in the player's browser, not a bot's. */
export const startVerificationInput = z.void();
export const startVerificationOutput = VerificationStartSchema;
