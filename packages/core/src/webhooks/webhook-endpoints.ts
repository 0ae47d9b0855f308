import type { Db } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { ACCOUNT_EVENT_TYPES, type AccountEventType } from "../events/account-events.ts";
import { webhooksMayTargetPrivateAddresses } from "../service-env.ts";
import { generateWebhookSecret } from "./signature.ts";
import { assertWebhookTarget } from "./webhook-target.ts";

/** Endpoints an account may register; disable one to add another. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

export interface WebhookEndpointView {
  id: string;
  url: string;
  eventTypes: AccountEventType[];
  enabled: boolean;
  /** Set when a delivery gave up after a day of retries. */
  failingSince: string | null;
  createdAt: string;
}

export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

type EndpointRow = { id: string; url: string; eventTypes: string[]; enabled: boolean; failingSince: Date | null; createdAt: Date };

function toView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes as AccountEventType[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhookEndpoints(db: Db, userId: string): Promise<WebhookEndpointView[]> {
  const rows = await db.webhookEndpoint.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(toView);
}

/** Registers an endpoint; its signing secret is returned once, here. */
export async function createWebhookEndpoint(
  db: Db,
  { userId, url, eventTypes }: { userId: string; url: string; eventTypes: AccountEventType[] },
): Promise<WebhookEndpointView & { secret: string }> {
  const target = await assertWebhookTarget(url, { allowPrivate: webhooksMayTargetPrivateAddresses() });
  const types = [...new Set(eventTypes)].filter((type) => ACCOUNT_EVENT_TYPES.includes(type));
  if (types.length === 0) throw new AppError("BAD_REQUEST", "eventTypes: choose at least one event type.");
  const secret = generateWebhookSecret();
  const created = await db.$transaction(async (tx) => {
    // The account row's lock makes count-then-create atomic under parallel requests.
    await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${userId} FOR NO KEY UPDATE`;
    const enabled = await tx.webhookEndpoint.count({ where: { userId, enabled: true } });
    if (enabled >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError("CONFLICT", `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} enabled webhook endpoints; disable one first.`);
    }
    return tx.webhookEndpoint.create({ data: { userId, url: target.toString(), secret, eventTypes: types } });
  });
  return { ...toView(created), secret };
}

export async function setWebhookEndpointEnabled(db: Db, { userId, endpointId, enabled }: { userId: string; endpointId: string; enabled: boolean }): Promise<WebhookEndpointView> {
  const { count } = await db.webhookEndpoint.updateMany({ where: { id: endpointId, userId }, data: { enabled } });
  if (count === 0) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  return toView(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } }));
}

/** The endpoint's deliveries, newest first. */
export async function listWebhookDeliveries(db: Db, { userId, endpointId, limit = 50 }: { userId: string; endpointId: string; limit?: number }): Promise<WebhookDeliveryView[]> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, userId }, select: { id: true } });
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: { id: "desc" },
    take: limit,
    include: { event: { select: { type: true } } },
  });
  return rows.map((row) => ({
    id: row.id.toString(),
    eventId: row.eventId.toString(),
    eventType: row.event.type,
    status: row.status as WebhookDeliveryView["status"],
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  }));
}

/** Sends a past delivery's event again, as a new delivery (the log keeps the old one). */
export async function resendWebhookDelivery(db: Db, { userId, deliveryId }: { userId: string; deliveryId: string }): Promise<{ deliveryId: string }> {
  if (!/^\d{1,19}$/.test(deliveryId)) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  const original = await db.webhookDelivery.findFirst({ where: { id: BigInt(deliveryId), endpoint: { userId } }, select: { endpointId: true, eventId: true } });
  if (!original) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  const created = await db.webhookDelivery.create({ data: { endpointId: original.endpointId, eventId: original.eventId } });
  return { deliveryId: created.id.toString() };
}
