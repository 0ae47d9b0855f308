import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from "@prizepacks/core";
import { sessionProcedure } from "../../trpc.ts";
import {
  createWebhookInput,
  createWebhookOutput,
  listWebhookDeliveriesInput,
  listWebhookDeliveriesOutput,
  listWebhooksInput,
  listWebhooksOutput,
  resendWebhookDeliveryInput,
  resendWebhookDeliveryOutput,
  setWebhookEnabledInput,
  setWebhookEnabledOutput,
} from "./webhooks.types.ts";

export const listWebhooksRoute = sessionProcedure
  .input(listWebhooksInput)
  .output(listWebhooksOutput)
  .query(({ ctx }) => listWebhookEndpoints(ctx.services, ctx.userId));

export const createWebhookRoute = sessionProcedure
  .input(createWebhookInput)
  .output(createWebhookOutput)
  .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.services, { userId: ctx.userId, url: input.url, eventTypes: input.eventTypes }));

export const setWebhookEnabledRoute = sessionProcedure
  .input(setWebhookEnabledInput)
  .output(setWebhookEnabledOutput)
  .mutation(({ ctx, input }) =>
    setWebhookEndpointEnabled(ctx.services, { userId: ctx.userId, endpointId: input.id, enabled: input.enabled }),
  );

export const listDeliveriesRoute = sessionProcedure
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(({ ctx, input }) => listWebhookDeliveries(ctx.services, { userId: ctx.userId, endpointId: input.endpointId }));

export const resendDeliveryRoute = sessionProcedure
  .input(resendWebhookDeliveryInput)
  .output(resendWebhookDeliveryOutput)
  .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.services, { userId: ctx.userId, deliveryId: input.deliveryId }));
