import type { Db, DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { ACCOUNT_EVENT_TYPES, type AccountEventType } from "../events/account-events.ts";
import { webhooksMayTargetPrivateAddresses } from "../service-env.ts";
import { generateWebhookSecret } from "./signature.ts";
import { assertWebhookTarget, findWebhookUrlProblem, serverDisabledReason } from "./webhook-target.ts";
import type { Deps } from "../runtime/deps.ts";

/** Enabled endpoints an account may have; disable one to add or enable another. */
export const MAX_WEBHOOK_ENDPOINTS = 5;

export interface WebhookEndpointView {
  id: string;
  url: string;
  eventTypes: AccountEventType[];
  enabled: boolean;
  /** Set when a delivery gave up after a day of retries. */
  failingSince: string | null;
  /** Why the server disabled it (its URL no longer allowed, past the cap); null when its owner did, or when enabled. */
  disabledReason: string | null;
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

type EndpointRow = {
  id: string;
  url: string;
  eventTypes: string[];
  enabled: boolean;
  failingSince: Date | null;
  disabledReason: string | null;
  createdAt: Date;
};

function toView(row: EndpointRow): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes as AccountEventType[],
    enabled: row.enabled,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWebhookEndpoints(services: Deps, userId: string): Promise<WebhookEndpointView[]> {
  const db = services.database.prisma;
  const rows = await db.webhookEndpoint.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  return rows.map(toView);
}

/**
 * Every path that enables an endpoint takes the account row's lock (held to commit) before it
 * reads and counts, so two of them racing for the last place run one after the other and the
 * second counts the first's endpoint (read committed: its count is a new statement, taken
 * after the first committed).
 */
async function lockAccountEndpoints(tx: DbTx, userId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${userId} FOR NO KEY UPDATE`;
}

/** Refuses one more enabled endpoint past the cap; the caller holds `lockAccountEndpoints`. */
async function assertRoomForEnabledEndpoint(tx: DbTx, userId: string): Promise<void> {
  const enabled = await tx.webhookEndpoint.count({ where: { userId, enabled: true } });
  if (enabled >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError("CONFLICT", `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} enabled webhook endpoints; disable one first.`);
  }
}

/** Registers an endpoint; its signing secret is returned once, here. */
export async function createWebhookEndpoint(
  services: Deps,
  { userId, url, eventTypes }: { userId: string; url: string; eventTypes: AccountEventType[] },
): Promise<WebhookEndpointView & { secret: string }> {
  const db = services.database.prisma;
  const target = await assertWebhookTarget(url, { allowPrivate: webhooksMayTargetPrivateAddresses() });
  const types = [...new Set(eventTypes)].filter((type) => ACCOUNT_EVENT_TYPES.includes(type));
  if (types.length === 0) throw new AppError("BAD_REQUEST", "eventTypes: choose at least one event type.");
  const secret = generateWebhookSecret();
  const created = await db.$transaction(async (tx) => {
    await lockAccountEndpoints(tx, userId);
    await assertRoomForEnabledEndpoint(tx, userId);
    return tx.webhookEndpoint.create({ data: { userId, url: target.toString(), secret, eventTypes: types } });
  });
  return { ...toView(created), secret };
}

/**
 * Enabling counts against the cap like creating does, and re-checks the URL against the rules
 * in force now (an endpoint the server disabled for its URL stays disabled). The check resolves
 * the host, so it runs before the transaction, not while the account row is locked; the URL
 * cannot change meanwhile.
 */
export async function setWebhookEndpointEnabled(
  services: Deps,
  { userId, endpointId, enabled }: { userId: string; endpointId: string; enabled: boolean },
): Promise<WebhookEndpointView> {
  const db = services.database.prisma;
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, userId } });
  if (!endpoint) throw new AppError("NOT_FOUND", "No such webhook endpoint.");
  if (!enabled) {
    const disabled = await db.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: null } });
    return toView(disabled);
  }
  await assertWebhookTarget(endpoint.url, { allowPrivate: webhooksMayTargetPrivateAddresses() });
  const updated = await db.$transaction(async (tx) => {
    await lockAccountEndpoints(tx, userId);
    const current = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    if (current.enabled) return current;
    await assertRoomForEnabledEndpoint(tx, userId);
    return tx.webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: true, disabledReason: null } });
  });
  return toView(updated);
}

/**
 * Start-up: disables the enabled endpoints whose URL the rules in force refuse, with the reason
 * their owners see (an http:// or private-address endpoint registered in demo mode, met by a
 * production start on the same database), as the demo account's keys are revoked. Delivery
 * re-checks every URL anyway; this makes the state visible before the first event.
 */
export async function disableWebhookEndpointsOutsideRules(db: Db): Promise<number> {
  const rules = { allowPrivate: webhooksMayTargetPrivateAddresses() };
  const endpoints = await db.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true, url: true } });
  let disabled = 0;
  for (const { id, url } of endpoints) {
    const problem = findWebhookUrlProblem(url, rules);
    if (!problem) continue;
    const { count } = await db.webhookEndpoint.updateMany({
      where: { id, enabled: true },
      data: { enabled: false, disabledReason: serverDisabledReason(problem) },
    });
    disabled += count;
  }
  return disabled;
}

/** The endpoint's deliveries, newest first. */
export async function listWebhookDeliveries(
  services: Deps,
  { userId, endpointId, limit = 50 }: { userId: string; endpointId: string; limit?: number },
): Promise<WebhookDeliveryView[]> {
  const db = services.database.prisma;
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
export async function resendWebhookDelivery(
  services: Deps,
  { userId, deliveryId }: { userId: string; deliveryId: string },
): Promise<{ deliveryId: string }> {
  const db = services.database.prisma;
  if (!/^\d{1,19}$/.test(deliveryId)) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  const original = await db.webhookDelivery.findFirst({
    where: { id: BigInt(deliveryId), endpoint: { userId } },
    select: { endpointId: true, eventId: true },
  });
  if (!original) throw new AppError("NOT_FOUND", "No such webhook delivery.");
  const created = await db.webhookDelivery.create({ data: { endpointId: original.endpointId, eventId: original.eventId } });
  return { deliveryId: created.id.toString() };
}
