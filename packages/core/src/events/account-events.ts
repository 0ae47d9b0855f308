import type { z } from "zod";
import type { DbTx } from "@prizepacks/db";
import type { BackgroundJob } from "../runtime/background-job.ts";
import type { AccountEventSchema } from "../contract/events.ts";
import { startPeriodic } from "../runtime/periodic.ts";
import type { Deps } from "../runtime/deps.ts";

/** What an account's event stream and webhooks carry. */
export const ACCOUNT_EVENT_TYPES = [
  "open.completed",
  "item.sold",
  "wallet.changed",
  "seed.rotated",
  "key.revoked",
  "deposit.settled",
  "withdrawal.requested",
  "withdrawal.approved",
  "withdrawal.completed",
  "withdrawal.rejected",
  "withdrawal.failed",
  "shipment.requested",
  "shipment.approved",
  "shipment.shipped",
  "shipment.delivered",
  "shipment.rejected",
  "shipment.cancelled",
  "shipment.returned",
  "battle.joined",
  "battle.locked",
  "battle.settled",
  "battle.cancelled",
  "verification.changed",
  "upgrade.completed",
  "exchange.completed",
  "level.reached",
  "reward.claimed",
] as const satisfies readonly AccountEvent["type"][];
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

/** A client reconnecting within this many hours gets every event it missed. */
export const EVENT_REPLAY_HOURS = 24;

/**
 * One event of an account, its data typed by its type (the union the OpenAPI document
 * publishes). `id` increases with every event of the account, in the order they happened; a
 * string, as it is a 64-bit integer.
 */
export type AccountEvent = z.infer<typeof AccountEventSchema>;
/** The data an event of this type carries. */
export type AccountEventData<Type extends AccountEventType> = Extract<AccountEvent, { type: Type }>["data"];

/**
 * Records an event in the caller's transaction (record_account_event: it also queues the
 * account's webhook deliveries; the instances learn of it after the commit, from
 * services.announceEvents() or their hubs' poll). Call it after every row
 * lock the transaction takes: it takes the account's event lock, held to commit.
 */
export async function recordAccountEvent<Type extends AccountEventType>(
  tx: DbTx,
  userId: string,
  type: Type,
  data: AccountEventData<Type>,
): Promise<void> {
  await tx.$queryRaw`SELECT record_account_event(${userId}, ${type}, ${JSON.stringify(data)}::jsonb)`;
}

interface EventRow extends Record<string, unknown> {
  id: string;
  type: AccountEventType;
  createdAt: Date;
  data: unknown;
}

// The data column holds what recordAccountEvent (or open_pack) wrote for the row's type.
function toAccountEvent(row: EventRow): AccountEvent {
  return { id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data } as AccountEvent;
}

/** The account's events after `afterId`, oldest first, no older than the replay window. */
export async function listAccountEventsAfter(
  services: Deps,
  { userId, afterId, limit }: { userId: string; afterId: string; limit: number },
): Promise<AccountEvent[]> {
  const sql = services.database.sql;
  const rows = await sql.query<EventRow>(
    `SELECT id::text AS id, type, "createdAt", data FROM account_event
     WHERE "userId" = $1 AND id > $2::bigint AND "createdAt" > now() - make_interval(hours => $3::int)
     ORDER BY account_event.id LIMIT $4`, // the column, not the text alias (as text, "10" sorts before "9")
    [userId, afterId, EVENT_REPLAY_HOURS, limit],
  );
  return rows.map(toAccountEvent);
}

/** The id a new stream starts after: the account's latest event (a fresh stream replays nothing). */
export async function latestAccountEventId(services: Deps, userId: string): Promise<string> {
  const sql = services.database.sql;
  const [row] = await sql.query<{ id: string | null }>(`SELECT max(id)::text AS id FROM account_event WHERE "userId" = $1`, [userId]);
  return row?.id ?? "0";
}

/** Events are kept a week (streams replay a day; the webhook log shows a week), then deleted in batches. */
const RETENTION_DAYS = 7;

export function startEventRetention(services: Deps): BackgroundJob {
  return startPeriodic(services, {
    log: "events",
    failure: "retention pass failed",
    everyMs: 10 * 60_000,
    pass: () =>
      services.database.sql.query(
        `DELETE FROM account_event WHERE id IN (
           SELECT id FROM account_event WHERE "createdAt" < now() - make_interval(days => $1::int) ORDER BY id LIMIT 10000)`,
        [RETENTION_DAYS],
      ),
  });
}
