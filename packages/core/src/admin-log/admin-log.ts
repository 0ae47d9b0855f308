import type { DbTx } from "@prizepacks/db";
import { z } from "zod";
import { afterPageCursor, newestFirst, sequenceId, toPage } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import type { Deps } from "../runtime/deps.ts";
import { isMoneySetting, MONEY_SETTINGS } from "../settings/money-settings.ts";
import { ADMIN_ACTIONS } from "./write-admin-log.ts";

export { ADMIN_ACTIONS, CLI_ACTOR, writeAdminLog, type AdminAction, type AdminActor, type AdminLogInput } from "./write-admin-log.ts";

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
 * new one is named with it), the rest here.
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
  services: Deps,
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
