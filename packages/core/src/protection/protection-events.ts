import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { logger } from "@prizepacks/db/log";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import type { AdminActor } from "../admin-log/admin-log.ts";
import type { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { decodePageCursor, encodePageCursor, pageLimit } from "../pagination/page-cursor.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { IdSchema } from "../contract/fields.ts";
import type { Deps } from "../runtime/deps.ts";

// The one place that writes the protection event log (the protection_events migration): limit
// hits, raise and removal requests, exclusions set, refused attempts to end one early, resume
// requests. The admin log stays the record of what operators did; this is the account's.

export const PROTECTION_EVENT_KINDS = [
  "limit_reached",
  "limit_raise_requested",
  "limit_removal_requested",
  "exclusion_set",
  "exclusion_refused",
  "resume_requested",
] as const;
export type ProtectionEventKind = (typeof PROTECTION_EVENT_KINDS)[number];

/** Who asked: the player, or an operator ("operator:cli" for the admin CLI). */
export type ProtectionEventActor = "player" | AdminActor;

export interface ProtectionEventInput {
  userId: string;
  kind: Exclude<ProtectionEventKind, "limit_reached">;
  actor: ProtectionEventActor;
  limit?: { kind: string; period: string; amount: string | null };
  exclusionPeriod?: string;
  detail?: Record<string, unknown>;
}

const actorName = (actor: ProtectionEventActor) => (actor === "player" ? "player" : `operator:${actor.email}`);

/** Writes one event in the caller's transaction, so it commits with the change it records. */
export async function recordProtectionEvent(tx: DbTx, event: ProtectionEventInput): Promise<void> {
  await tx.protectionEvent.create({
    data: {
      id: newId(),
      userId: event.userId,
      kind: event.kind,
      limitKind: event.limit?.kind ?? null,
      limitPeriod: event.limit?.period ?? null,
      amount: event.limit?.amount ?? null,
      exclusionPeriod: event.exclusionPeriod ?? null,
      actor: actorName(event.actor),
      detail: event.detail ? (event.detail as Prisma.InputJsonObject) : Prisma.DbNull,
    },
  });
}

/**
 * A LIMIT_REACHED refusal, recorded after the refused transaction rolled back (open_pack and
 * deposits refuse inside theirs). At most one event per account, limit and clock hour: the
 * partial unique index answers ON CONFLICT DO NOTHING, so neither a bot hammering a limit nor
 * concurrent refusals fill the log. Never throws: the player's answer is the refusal, and a
 * failed write must not turn it into a 500 (or a 503 that invites a retry); it is logged.
 */
export async function recordLimitHit(tx: DbTx, userId: string, refusal: AppError, channel: "open" | "deposit" | "upgrade"): Promise<void> {
  const protection = refusal.details.protection as { kind?: string; period?: string; resetsAt?: string | null } | undefined;
  if (refusal.code !== "LIMIT_REACHED" || !protection?.kind || !protection.period) return;
  const detail = JSON.stringify({ channel, resetsAt: protection.resetsAt ?? null, message: refusal.message });
  await tx.$executeRaw`
    INSERT INTO protection_event (id, "userId", kind, "limitKind", "limitPeriod", amount, actor, detail)
    SELECT ${newId()}, ${userId}, 'limit_reached', ${protection.kind}, ${protection.period}, l.amount, 'player', ${detail}::jsonb
    FROM (SELECT 1) one LEFT JOIN spending_limit l
      ON l."userId" = ${userId} AND l.kind = ${protection.kind} AND l.period = ${protection.period}
    ON CONFLICT ("userId", "limitKind", "limitPeriod", date_trunc('hour', "createdAt")) WHERE kind = 'limit_reached' DO NOTHING`
    .then(() => tx.$executeRaw`INSERT INTO harm_pending ("userId") VALUES (${userId}) ON CONFLICT ("userId") DO NOTHING`)
    .catch((error: unknown) => logger("protection").error({ err: error, userId }, "could not record a limit hit"));
}

export interface ProtectionEventView {
  id: string;
  kind: ProtectionEventKind;
  limitKind: string | null;
  limitPeriod: string | null;
  amount: string | null;
  exclusionPeriod: string | null;
  actor: string;
  detail: unknown;
  createdAt: string;
}

/** The account's latest events, newest first (the console's account page). */
export async function listProtectionEvents(services: Deps, userId: string, take = 20): Promise<ProtectionEventView[]> {
  const db = services.database.prisma;
  const rows = await db.protectionEvent.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as ProtectionEventKind,
    limitKind: row.limitKind,
    limitPeriod: row.limitPeriod,
    amount: row.amount === null ? null : formatMoney(row.amount),
    exclusionPeriod: row.exclusionPeriod,
    actor: row.actor,
    detail: row.detail,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The Safer play list looks back this far. */
export const SAFER_PLAY_WINDOW_DAYS = 30;
export const SAFER_PLAY_PAGE_SIZE = 50;

export const SaferPlayListSchema = z.object({
  /** The previous page's nextCursor (the shared keyset cursor, page-cursor.ts). */
  cursor: IdSchema.optional(),
  limit: z.number().int().min(1).max(200).default(SAFER_PLAY_PAGE_SIZE),
});
export type SaferPlayListInput = z.input<typeof SaferPlayListSchema>;

export interface SaferPlayAccount {
  userId: string;
  email: string;
  limitHits: number;
  raiseRequests: number;
  lastEventAt: string;
  excluded: boolean;
}

/**
 * Accounts that hit a limit or asked to raise or remove one in the last 30 days, the most
 * recent first: one row per account, keyset-paged on (its latest such event, its id) with the
 * shared cursor.
 */
export async function listSaferPlayAccounts(
  services: Deps,
  input: SaferPlayListInput = {},
): Promise<{ accounts: SaferPlayAccount[]; nextCursor: string | null }> {
  const db = services.database.prisma;
  const { cursor, limit } = parseInputOrThrow(SaferPlayListSchema, input);
  const take = pageLimit(limit, SAFER_PLAY_PAGE_SIZE, 200);
  const after = cursor === undefined ? null : decodePageCursor(cursor);
  const rows = await db.$queryRaw<Array<{ userId: string; email: string; hits: number; raises: number; last: Date; excluded: boolean }>>`
    SELECT e."userId", u.email,
      count(*) FILTER (WHERE e.kind = 'limit_reached')::int AS hits,
      count(*) FILTER (WHERE e.kind <> 'limit_reached')::int AS raises,
      max(e."createdAt") AS last,
      EXISTS (SELECT 1 FROM binding_exclusion(e."userId")) AS excluded
    FROM protection_event e JOIN "user" u ON u.id = e."userId"
    WHERE e.kind IN ('limit_reached', 'limit_raise_requested', 'limit_removal_requested')
      AND e."createdAt" > (now() - make_interval(days => ${SAFER_PLAY_WINDOW_DAYS}))::timestamp(3)
    GROUP BY e."userId", u.email
    HAVING ${after === null} OR (max(e."createdAt"), e."userId") < (${after?.createdAt ?? new Date(0)}::timestamp(3), ${after?.id ?? ""})
    ORDER BY last DESC, e."userId" DESC
    LIMIT ${take + 1}`;
  const page = rows.slice(0, take);
  const lastRow = page[page.length - 1];
  return {
    accounts: page.map((row) => ({
      userId: row.userId,
      email: row.email,
      limitHits: row.hits,
      raiseRequests: row.raises,
      lastEventAt: row.last.toISOString(),
      excluded: row.excluded,
    })),
    nextCursor: rows.length > take && lastRow ? encodePageCursor({ createdAt: lastRow.last, id: lastRow.userId }) : null,
  };
}
