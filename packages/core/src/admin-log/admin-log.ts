import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { afterPageCursor, newestFirst, sequenceId, toPage } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema, StorableText } from "../schemas.ts";
import type { Services } from "../runtime/services.ts";
import { isMoneySetting, MONEY_SETTINGS } from "../settings/money-settings.ts";

/** Who did it: a signed-in admin, or the admin CLI (run by whoever holds the machine). */
export interface AdminActor {
  id: string | null;
  email: string;
}

export const CLI_ACTOR: AdminActor = { id: null, email: "cli" };

export const ADMIN_ACTIONS = [
  "pack.created",
  "pack.updated",
  "odds.published",
  "pack.activated",
  "pack.deactivated",
  "pack.archived",
  "pack.deleted",
  "settings.rtp_range",
  "account.banned",
  "account.unbanned",
  "account.deleted",
  "account.restored",
  "account.verified",
  "account.unverified",
  "account.role",
  "account.role_requested",
  "account.excluded",
  "wallet.adjusted",
  "credit.requested",
  "credit.approved",
  "credit.rejected",
  "key.revoked",
  "withdrawal.approved",
  "withdrawal.rejected",
  "settings.withdrawal_auto_approve",
  "settings.change_requested",
  "settings.change_approved",
  "settings.change_rejected",
  "shipment.approved",
  "shipment.rejected",
  "shipment.shipped",
  "shipment.delivered",
  "shipment.returned",
  "shipment.cancelled",
  "shipping.zone_set",
  "shipping.zone_deleted",
  "age_refusal.cleared",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AdminLogInput {
  action: AdminAction;
  targetType: "pack" | "account" | "api_key" | "settings" | "shipment" | "shipping_zone" | "age_refusal";
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Plain JSON (Decimal and Date as strings), or Prisma's null for "nothing". */
function json(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (value === undefined || value === null) return Prisma.DbNull;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as Prisma.InputJsonValue;
}

/**
 * Writes one entry in the caller's transaction, so the log and the change commit together or
 * not at all. The table refuses UPDATE and DELETE (see the admin_console migration).
 */
export async function writeAdminLog(
  services: Services,
  actor: AdminActor,
  entry: AdminLogInput,
  options: { tx?: DbTx } = {},
): Promise<void> {
  const tx = options.tx ?? services.database.prisma;
  await tx.adminLog.create({
    data: {
      actorId: actor.id,
      actor: actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: json(entry.before),
      after: json(entry.after),
    },
  });
}

/** The console shows this many entries a page unless asked for more (at most ADMIN_LOG_MAX_PAGE_SIZE). */
export const ADMIN_LOG_PAGE_SIZE = 50;
export const ADMIN_LOG_MAX_PAGE_SIZE = 200;

/** The console's filter, declared as its procedure's input and parsed again here for other callers. */
export const AdminLogFilterSchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  /** An e-mail (or "cli"), exactly. */
  actor: StorableText.trim().max(320).optional(),
  targetId: IdSchema.optional(),
  /** The previous page's nextCursor (the shared keyset cursor, page-cursor.ts). */
  cursor: IdSchema.optional(),
  limit: z.number().int().min(1).max(ADMIN_LOG_MAX_PAGE_SIZE).default(ADMIN_LOG_PAGE_SIZE),
});
export type AdminLogFilter = z.input<typeof AdminLogFilterSchema>;

export interface AdminLogEntry {
  id: string;
  actor: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
  /** What the target is called now, for showing it by name with a link; null when it no longer exists. */
  target: AdminLogTarget | null;
}

/** A log entry's target by name: the pack, the account, the API key with its owner, or a setting. */
export type AdminLogTarget =
  | { type: "pack"; name: string; slug: string }
  | { type: "account"; email: string; name: string }
  | { type: "api_key"; name: string; start: string; userId: string; email: string }
  | { type: "settings"; name: string };

/**
 * A setting's name in the log: the money settings by their console label (MONEY_SETTINGS, so a
 * new one is named with it), the rest here. Read when called: money-settings.ts imports this
 * module, so MONEY_SETTINGS may not exist yet while this one loads.
 */
const settingName = (id: string): string =>
  (({ rtp_range: "publishable return range" }) as Record<string, string>)[id] ?? (isMoneySetting(id) ? MONEY_SETTINGS[id].label : id);

/** The targets of a page of entries by name: one query per kind of target. */
async function describeTargets(
  db: DbTx,
  rows: Array<{ targetType: string; targetId: string | null }>,
): Promise<Map<string, AdminLogTarget>> {
  const ids = (type: string) => [...new Set(rows.filter((row) => row.targetType === type && row.targetId).map((row) => row.targetId!))];
  const [packs, accounts, keys] = await Promise.all([
    db.pack.findMany({ where: { id: { in: ids("pack") } }, select: { id: true, name: true, slug: true } }),
    db.user.findMany({ where: { id: { in: ids("account") } }, select: { id: true, email: true, name: true } }),
    db.apiKey.findMany({
      where: { id: { in: ids("api_key") } },
      select: { id: true, name: true, start: true, userId: true, user: { select: { email: true } } },
    }),
  ]);
  const found = new Map<string, AdminLogTarget>();
  for (const pack of packs) found.set(`pack:${pack.id}`, { type: "pack", name: pack.name, slug: pack.slug });
  for (const user of accounts) found.set(`account:${user.id}`, { type: "account", email: user.email, name: user.name });
  for (const key of keys) {
    found.set(`api_key:${key.id}`, { type: "api_key", name: key.name, start: key.start, userId: key.userId, email: key.user.email });
  }
  for (const row of rows) {
    if (row.targetType === "settings" && row.targetId) {
      found.set(`settings:${row.targetId}`, { type: "settings", name: settingName(row.targetId) });
    }
  }
  return found;
}

/** Newest first, keyset-paged like every list (createdAt, then the sequence's id). */
export async function listAdminLog(
  services: Services,
  filter: AdminLogFilter = {},
): Promise<{ entries: AdminLogEntry[]; nextCursor: string | null }> {
  const db = services.database.prisma;
  const f = parseInputOrThrow(AdminLogFilterSchema, filter);
  const rows = await db.adminLog.findMany({
    where: {
      ...(f.action && { action: f.action }),
      ...(f.actor && { actor: f.actor.toLowerCase() === "cli" ? "cli" : f.actor.toLowerCase() }),
      ...(f.targetId && { targetId: f.targetId }),
      ...afterPageCursor(f.cursor, sequenceId),
    },
    orderBy: newestFirst,
    take: f.limit + 1,
  });
  const page = toPage(rows, f.limit);
  const targets = await describeTargets(db, page.rows);
  return {
    entries: page.rows.map((row) => ({
      id: row.id.toString(),
      actor: row.actor,
      actorId: row.actorId,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
      target: targets.get(`${row.targetType}:${row.targetId}`) ?? null,
    })),
    nextCursor: page.nextCursor,
  };
}
