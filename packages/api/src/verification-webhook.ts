import { AppError, handleVerificationWebhook, SUMSUB_WEBHOOK_PATH } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { webhookRoute } from "./webhook-request.ts";

/**
 * Sumsub's webhook (POST SUMSUB_WEBHOOK_PATH): the raw body goes to the provider, which checks
 * X-Payload-Digest before anything reads it (401 when wrong or missing), then the event's state
 * is applied through the one rule (duplicates and late events change nothing). 200 once applied,
 * or for a type we do not use; an error makes Sumsub redeliver. Returns whether the path was this one.
 */
export function createVerificationWebhookHandler({ services }: { services: Services }) {
  return webhookRoute(SUMSUB_WEBHOOK_PATH, () => {
    const provider = services.verifications;
    if (provider?.name !== "sumsub") throw new AppError("NOT_FOUND", "Sumsub identity checks are not configured.");
    return (body, headers) => handleVerificationWebhook(services, provider, body, headers);
  });
}
