import { z } from "zod";
import { AccountSchema } from "@prizepacks/core";
import type { OpenApiMeta } from "trpc-to-openapi";

export const getMeInput = z.void();
export const getMeOutput = AccountSchema;
export const getMeMeta: OpenApiMeta = {
  openapi: {
    method: "GET",
    path: "/v1/me",
    operationId: "me-get",
    summary: "The key's account and wallet balance",
    tags: ["Account"],
    protect: true,
    errorResponses: { 401: "API key missing or invalid", 403: "Account banned, deleted or not verified", 429: "Rate limit exceeded" },
  },
};
