import type { Database } from "@prizepacks/db";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import type { AccountEvent, AccountEventType } from "./account-events.ts";
import { dropsByIds, type Drop } from "./drops.ts";
import { logger } from "@prizepacks/db/log";

/** The channel record_account_event notifies at commit. */
export const EVENTS_CHANNEL = "prizepacks_events";
/** Openings announced within this window are read in one query for the drop feed. */
const DROP_BATCH_MS = 200;

/** What record_account_event notifies: the event and its account. */
interface Announcement {
  id: string;
  userId: string;
  type: AccountEventType;
  createdAt: string;
  /** Absent when the event was too big for a notification: read it from the database. */
  data?: AccountEvent["data"];
}

/** A new event of the account, or null for "read what is new from the database". */
export type AccountWaker = (event: AccountEvent | null) => void;

/**
 * This instance's share of the live fan-out. Every instance listens on EVENTS_CHANNEL;
 * notifications arrive in commit order and carry the event itself (when it fits), so an
 * account's streams get it without a query, and openings are read in batches for the public
 * drop feed. An event too big to ride along, or a listening connection that was lost, sends
 * the account's streams to the database to read what they have not sent yet.
 */
export class EventHub {
  private readonly accountWakers = new Map<string, Set<AccountWaker>>();
  private readonly dropListeners = new Set<(drop: Drop) => void>();
  private pendingDropIds: string[] = [];
  private dropTimer: NodeJS.Timeout | undefined;
  private readonly battleListeners = new Set<(battleIds: string[]) => void>();
  private pendingBattleEventIds: string[] = [];
  private battleTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly database: Database,
    private readonly catalog: CatalogCache,
  ) {}

  static async start(database: Database, catalog: CatalogCache): Promise<EventHub> {
    const hub = new EventHub(database, catalog);
    // The same listening connection as the change feed's (database.listen shares one).
    const stop = await database.listen(EVENTS_CHANNEL, {
      onMessage: (payload) => hub.onAnnouncement(payload),
      // Back from deafness: what was announced meanwhile went unheard, so every watched
      // account reads what is new from the database.
      onListening: () => {
        for (const wakers of hub.accountWakers.values()) for (const wake of wakers) wake(null);
      },
      onLost: () => undefined,
    });
    database.onClose(async () => {
      clearTimeout(hub.dropTimer);
      clearTimeout(hub.battleTimer);
      await stop();
    });
    return hub;
  }

  /** Calls `wake` with each new event of the account (or null: read from the database). Returns the unsubscribe. */
  watchAccount(userId: string, wake: AccountWaker): () => void {
    let wakers = this.accountWakers.get(userId);
    if (!wakers) this.accountWakers.set(userId, (wakers = new Set()));
    wakers.add(wake);
    return () => {
      wakers.delete(wake);
      if (wakers.size === 0) this.accountWakers.delete(userId);
    };
  }

  /** Calls `listener` with the ids of battles that changed (battle.* events), a batch at a time: the public lobby. */
  watchBattles(listener: (battleIds: string[]) => void): () => void {
    this.battleListeners.add(listener);
    return () => this.battleListeners.delete(listener);
  }

  watchDrops(listener: (drop: Drop) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  private onAnnouncement(payload: string): void {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch {
      return;
    }
    const wakers = this.accountWakers.get(announcement.userId);
    if (wakers) {
      const { id, type, createdAt, data } = announcement;
      // The data is what was recorded for this type (recordAccountEvent types it).
      const event = data === undefined ? null : ({ id, type, createdAt, data } as AccountEvent);
      for (const wake of wakers) wake(event);
    }
    if (announcement.type.startsWith("battle.") && this.battleListeners.size > 0) {
      // One change reaches every seated player: ids are read (a battle too big to ride along
      // included) and deduplicated once per batch.
      this.pendingBattleEventIds.push(String(announcement.id));
      this.battleTimer ??= setTimeout(() => void this.flushBattles(), DROP_BATCH_MS);
    }
    if (announcement.type === "open.completed" && this.dropListeners.size > 0) {
      this.pendingDropIds.push(String(announcement.id));
      this.dropTimer ??= setTimeout(() => void this.flushDrops(), DROP_BATCH_MS);
    }
  }

  private async flushDrops(): Promise<void> {
    const ids = this.pendingDropIds;
    this.pendingDropIds = [];
    this.dropTimer = undefined;
    try {
      const drops = await dropsByIds(this.database.sql, this.catalog, ids);
      for (const drop of drops) for (const listener of this.dropListeners) listener(drop);
    } catch (error) {
      // A live ticker: drops missed in an outage are not worth a backlog.
      logger("drops").warn({ err: error }, "could not read new openings");
    }
  }

  private async flushBattles(): Promise<void> {
    const ids = this.pendingBattleEventIds;
    this.pendingBattleEventIds = [];
    this.battleTimer = undefined;
    try {
      const rows = await this.database.sql.query<{ battleId: string }>(
        `SELECT DISTINCT data->>'id' AS "battleId" FROM account_event WHERE id = ANY($1::bigint[]) AND type LIKE 'battle.%'`,
        [ids],
      );
      const battleIds = rows.map((row) => row.battleId);
      if (battleIds.length > 0) for (const listener of this.battleListeners) listener(battleIds);
    } catch (error) {
      logger("battles").warn({ err: error }, "could not read changed battles for the lobby");
    }
  }
}
