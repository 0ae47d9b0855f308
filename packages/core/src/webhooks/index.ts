export {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from "./webhook-endpoints.ts";
export type { WebhookDeliveryView, WebhookEndpointView } from "./webhook-endpoints.ts";
export { deliverDueWebhooks, startWebhookDelivery, WEBHOOK_CONNECT_TIMEOUT_MS, WEBHOOK_RESPONSE_TIMEOUT_MS } from "./deliver-webhooks.ts";
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature } from "./signature.ts";
