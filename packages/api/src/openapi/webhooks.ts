import {
  ACCOUNT_EVENT_TYPES,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_RESPONSE_TIMEOUT_MS,
} from "@prizepacks/core";
import { eventExamples } from "./examples.ts";

const eventSchemaIds: Record<(typeof ACCOUNT_EVENT_TYPES)[number], string> = {
  "open.completed": "OpenCompletedEvent",
  "item.sold": "ItemSoldEvent",
  "wallet.changed": "WalletChangedEvent",
  "seed.rotated": "SeedRotatedEvent",
  "key.revoked": "KeyRevokedEvent",
  "deposit.settled": "DepositSettledEvent",
  "withdrawal.requested": "WithdrawalRequestedEvent",
  "withdrawal.approved": "WithdrawalApprovedEvent",
  "withdrawal.completed": "WithdrawalCompletedEvent",
  "withdrawal.rejected": "WithdrawalRejectedEvent",
  "withdrawal.failed": "WithdrawalFailedEvent",
  "shipment.requested": "ShipmentRequestedEvent",
  "shipment.approved": "ShipmentApprovedEvent",
  "shipment.shipped": "ShipmentShippedEvent",
  "shipment.delivered": "ShipmentDeliveredEvent",
  "shipment.rejected": "ShipmentRejectedEvent",
  "shipment.cancelled": "ShipmentCancelledEvent",
  "shipment.returned": "ShipmentReturnedEvent",
  "battle.joined": "BattleJoinedEvent",
  "battle.locked": "BattleLockedEvent",
  "battle.settled": "BattleSettledEvent",
  "battle.cancelled": "BattleCancelledEvent",
  "verification.changed": "VerificationChangedEvent",
  "upgrade.completed": "UpgradeCompletedEvent",
  "exchange.completed": "ExchangeCompletedEvent",
  "level.reached": "LevelReachedEvent",
  "reward.claimed": "RewardClaimedEvent",
};

/** The document's `webhooks`: one POST to the subscriber's endpoint per event type. */
export function webhookOperations() {
  const header = (name: string, description: string, example: string, pattern?: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string", ...(pattern && { pattern }) },
    example,
  });
  return Object.fromEntries(
    ACCOUNT_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook-${type.replace(".", "-")}`,
          summary: `${type} delivered to your endpoint`,
          description: [
            `The same event as on \`GET /v1/events\`, POSTed as JSON to each enabled endpoint that chose \`${type}\`. Accept the connection within ${WEBHOOK_CONNECT_TIMEOUT_MS / 1000} seconds and answer with any 2xx within ${WEBHOOK_RESPONSE_TIMEOUT_MS / 1000} seconds of it (queue the work, answer, then do it); anything else is retried with exponential backoff for a day, after which the endpoint is marked failing. Deliveries can repeat: use the event's \`id\` to handle each once.`,
            "",
            `Verify \`${SIGNATURE_HEADER}\` before trusting the body: split it at \`,\` into \`t\` and \`v1\`; compute \`HMAC-SHA256(secret, t + "." + rawBody)\` as hex with the endpoint's secret (\`whsec_…\`, shown once when the endpoint is created); compare it with \`v1\` in constant time; refuse a \`t\` more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now (a replay). In Node: \`timingSafeEqual(createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest(), Buffer.from(v1, "hex"))\`.`,
          ].join("\n"),
          tags: ["Webhooks"],
          security: [],
          parameters: [
            header(
              SIGNATURE_HEADER,
              '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`.',
              "t=1795435200,v1=4f2a7c9e1b3d5f8a0c2e4b6d8f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a",
              "^t=\\d+,v1=[0-9a-f]{64}$",
            ),
            header("Prizepacks-Event-Id", "The event's id, as in the body.", "18342", "^\\d{1,19}$"),
            header("Prizepacks-Event-Type", "The event's type, as in the body.", type),
            header(
              "Prizepacks-Delivery-Id",
              "This delivery (the same across its retries); resend one from Settings → API.",
              "5521",
              "^\\d{1,19}$",
            ),
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: { $ref: `#/components/schemas/${eventSchemaIds[type]}` }, example: eventExamples[type] },
            },
          },
          responses: {
            "2XX": { description: "Received: the delivery is done." },
            "4XX": { description: "Not received: retried with exponential backoff for a day." },
            "5XX": { description: "Not received: retried with exponential backoff for a day." },
          },
        },
      },
    ]),
  );
}
