import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError, BTCPAY_WEBHOOK_PATH, handleDepositWebhook } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { writeError } from "./http-error.ts";

/** BTCPay's events are a few hundred bytes; anything far larger is not one. */
const MAX_BODY_BYTES = 256 * 1024;

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
  const body = await readRawBody(req);
  const headers = { get: (name: string) => headerValue(req, name) };
  await handleDepositWebhook(services, provider, body, headers);
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" }).end('{"ok":true}');
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function readRawBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        req.destroy();
        reject(new AppError("BAD_REQUEST", "The webhook body is too large."));
      } else chunks.push(chunk);
    });
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}
