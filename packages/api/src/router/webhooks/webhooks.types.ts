import { z } from "zod";
import { ACCOUNT_EVENT_TYPES } from "@prizepacks/core";
import { IdInput } from "../shared/inputs.ts";

// Web only (no REST meta): endpoints are registered in Settings → API, like keys.

const EventTypeSchema = z.enum(ACCOUNT_EVENT_TYPES);

const EndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(EventTypeSchema),
  enabled: z.boolean(),
  failingSince: z.string().nullable(),
  /** Why the server disabled it (its URL no longer allowed, past the cap); null otherwise. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});

export const listWebhooksInput = z.void();
export const listWebhooksOutput = z.array(EndpointSchema);

export const createWebhookInput = z.object({
  url: z.string().trim().min(1, "Enter the endpoint's URL").max(2048),
  eventTypes: z.array(EventTypeSchema).min(1, "Choose at least one event type").max(ACCOUNT_EVENT_TYPES.length),
});
export const createWebhookOutput = EndpointSchema.extend({ secret: z.string() });

export const setWebhookEnabledInput = z.object({ id: IdInput, enabled: z.boolean() });
export const setWebhookEnabledOutput = EndpointSchema;

export const listWebhookDeliveriesInput = z.object({ endpointId: IdInput });
export const listWebhookDeliveriesOutput = z.array(
  z.object({
    id: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    deliveredAt: z.string().nullable(),
  }),
);

export const resendWebhookDeliveryInput = z.object({ deliveryId: z.string().regex(/^\d{1,19}$/, "deliveryId: not a delivery id") });
export const resendWebhookDeliveryOutput = z.object({ deliveryId: z.string() });
