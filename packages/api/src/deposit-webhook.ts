import { AppError, BTCPAY_WEBHOOK_PATH, handleDepositWebhook } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { webhookRoute } from "./webhook-request.ts";

/**
 * BTCPay's webhook (POST BTCPAY_WEBHOOK_PATH): the raw body goes to the provider, which checks
 * its signature before anything reads it (401 when wrong or missing), then fetches the invoice
 * and applies its status. 200 once applied; an error makes BTCPay redeliver. Returns whether
 * the path was this one.
 */
export function createDepositWebhookHandler({ services }: { services: Services }) {
  return webhookRoute(BTCPAY_WEBHOOK_PATH, () => {
    const provider = services.deposits;
    if (provider?.name !== "btcpay") throw new AppError("NOT_FOUND", "BTCPay deposits are not configured.");
    return (body, headers) => handleDepositWebhook(services, provider, body, headers);
  });
}
