import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, BTCPAY_WEBHOOK_PATH, handleDepositWebhook } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { writeError } from "./http-error.ts";
import { readWebhookBody, webhookHeaders } from "./webhook-request.ts";

/**
 * BTCPay's webhook (POST BTCPAY_WEBHOOK_PATH): the raw body goes to the provider, which checks
 * its signature before anything reads it (401 when wrong or missing), then fetches the invoice
 * and applies its status. 200 once applied; an error makes BTCPay redeliver. Returns whether
 * the path was this one.
 */
export function createDepositWebhookHandler({ services }: { services: Services }) {
  return function handleDepositWebhookRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
    if (path !== BTCPAY_WEBHOOK_PATH) return false;
    void answer(services, req, res).catch((error: unknown) => writeError(res, error, { rest: false }));
    return true;
  };
}

async function answer(services: Services, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const provider = services.deposits;
  if (req.method !== "POST") throw new AppError("NOT_FOUND", "No such route.");
  if (provider?.name !== "btcpay") throw new AppError("NOT_FOUND", "BTCPay deposits are not configured.");
  await handleDepositWebhook(services, provider, await readWebhookBody(req), webhookHeaders(req));
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"ok":true}');
}
