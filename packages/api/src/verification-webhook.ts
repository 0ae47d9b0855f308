import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, handleVerificationWebhook, SUMSUB_WEBHOOK_PATH } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { writeError } from "./http-error.ts";
import { readWebhookBody, webhookHeaders } from "./webhook-request.ts";

/**
 * Sumsub's webhook (POST SUMSUB_WEBHOOK_PATH): the raw body goes to the provider, which checks
 * X-Payload-Digest before anything reads it (401 when wrong or missing), then the event's state
 * is applied through the one rule (duplicates and late events change nothing). 200 once applied,
 * or for a type we do not use; an error makes Sumsub redeliver. Returns whether the path was this one.
 */
export function createVerificationWebhookHandler({ services }: { services: Services }) {
  return function handleVerificationWebhookRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (path !== SUMSUB_WEBHOOK_PATH) return false;
    void answer(services, req, res).catch((error: unknown) => writeError(res, error, { rest: false }));
    return true;
  };
}

async function answer(services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const provider = services.verifications;
  if (req.method !== "POST") throw new AppError("NOT_FOUND", "No such route.");
  if (provider?.name !== "sumsub") throw new AppError("NOT_FOUND", "Sumsub identity checks are not configured.");
  await handleVerificationWebhook(services, provider, await readWebhookBody(req), webhookHeaders(req));
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"ok":true}');
}
