import type { Database } from "@prizepacks/db";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import type { AccountEvent } from "./account-events.ts";
import { packsById, toDrops, type Drop, type OpeningRow } from "./drops.ts";
import { logger } from "@prizepacks/db/log";

/** The channel instances announce new events on (EventAnnouncer), after their commits. */
export const EVENTS_CHANNEL = "prizepacks_events";
/** Events read per query; a fuller batch is followed by the next at once. */
const READ_BATCH = 1_000;
/** Announcements within this long of a read are served by one more read after it. */
const MIN_READ_INTERVAL_MS = 10;
/**
 * Read this often whatever is announced: events written where nobody announces (the operator's
 * command line, another instance while this one's listening connection is down) arrive within it.
 */
const SAFETY_POLL_MS = 250;
/**
 * An id below the highest one read but not there yet belongs to a transaction still open (ids
 * are taken at insert, transactions commit in any order) or one rolled back. It is looked for
 * this long: far above the service's bound on a transaction (8 s).
 */
const GAP_WATCH_MS = 120_000;
const MAX_GAPS = 5_000;
/** How long after its start the hub first checks that no transaction open at its start is left (above the 8 s bound). */
const SETTLE_MS = 10_000;

/** A new event of the account, or null for "read what is new from the database". */
export type AccountWaker = (event: AccountEvent | null) => void;

interface EventRow extends Record<string, unknown> {
  id: string;
  userId: string;
  type: AccountEvent["type"];
  createdAt: Date;
  data: unknown;
  /** The player's name, on openings only (the drop feed masks it). */
  name: string | null;
}

/**
 * This instance's share of the live fan-out. The outbox (account_event) is the truth: the hub
 * reads what is new in it by id, one query for every stream of the instance, when an instance
 * announces a commit (EVENTS_CHANNEL) and every SAFETY_POLL_MS regardless, and hands each
 * account's events to its streams in id order, the openings to the drop feed and the battles
 * that changed to the lobby.
 *
 * Ids commit out of order across accounts, never within one (record_account_event's lock), so
 * an id skipped by a read is watched for (GAP_WATCH_MS) and handed out when its transaction
 * commits. What the hub cannot vouch for is an event of a transaction open when the hub started
 * (below its first cursor), until every such transaction has ended (`complete`): a stream opened
 * before that reads its account from the database on its first push (AccountEventStream in the
 * api's streams.ts).
 */
export class EventHub {
  private readonly accountWakers = new Map<string, Set<AccountWaker>>();
  private readonly dropListeners = new Set<(drops: Drop[]) => void>();
  private readonly battleListeners = new Set<(battleIds: string[]) => void>();
  /** The highest id read. */
  private cursor = 0n;
  /** Ids below the cursor not read yet, with when they were first missed. */
  private readonly gaps = new Map<bigint, number>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private lastReadAt = 0;
  private readTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private drops = Promise.resolve();
  private settled = false;

  private constructor(
    private readonly database: Database,
    private readonly catalog: CatalogCache,
    /** This instance's announcements, which it need not hear back. */
    private readonly instanceId: string,
  ) {}

  static async start(database: Database, catalog: CatalogCache, instanceId: string): Promise<EventHub> {
    const hub = new EventHub(database, catalog, instanceId);
    const [row] = await database.sql.query<{ id: string; xmax: string }>(
      `SELECT coalesce(max(id), 0)::text AS id, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax FROM account_event`,
    );
    hub.cursor = BigInt(row?.id ?? "0");
    hub.settleAfter(row?.xmax ?? "0", SETTLE_MS);
    // The same listening connection as the change feed's (database.listen shares one).
    const stop = await database.listen(EVENTS_CHANNEL, {
      onMessage: (payload) => {
        if (payload !== instanceId) hub.readSoon();
      },
      // Back from deafness: what was announced meanwhile went unheard.
      onListening: () => hub.readSoon(),
      onLost: () => undefined,
    });
    const poll = setInterval(() => hub.readSoon(), SAFETY_POLL_MS);
    poll.unref();
    database.onClose(async () => {
      hub.closed = true;
      clearInterval(poll);
      clearTimeout(hub.readTimer);
      await stop();
      await hub.reading;
    });
    return hub;
  }

  /**
   * Every event is handed out from now on: no transaction that was open when the hub started is
   * left, so none can commit an event below its first cursor.
   */
  get complete(): boolean {
    return this.settled;
  }

  /** Marks the hub complete once the oldest transaction running is younger than its start (checked every second from `afterMs`). */
  private settleAfter(startXmax: string, afterMs: number): void {
    const timer = setTimeout(() => {
      if (this.closed) return;
      this.database.sql
        .query<{ done: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS done`, [startXmax])
        .then(([check]) => (check?.done ? (this.settled = true) : this.settleAfter(startXmax, 1_000)))
        .catch(() => this.settleAfter(startXmax, 1_000));
    }, afterMs);
    timer.unref();
  }

  /** Calls `wake` with each new event of the account, in id order. Returns the unsubscribe. */
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

  /** Calls `listener` with each batch of new openings, oldest first: the public drop feed. */
  watchDrops(listener: (drops: Drop[]) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  /** Reads what is new now, or right after the read in progress (at most one read per MIN_READ_INTERVAL_MS). */
  readSoon(): void {
    if (this.closed) return;
    if (this.reading) return void (this.readAgain = true);
    if (this.readTimer) return;
    const wait = this.lastReadAt + MIN_READ_INTERVAL_MS - Date.now();
    if (wait > 0) {
      this.readTimer = setTimeout(() => {
        this.readTimer = undefined;
        this.readSoon();
      }, wait);
      return;
    }
    this.reading = this.read().finally(() => {
      this.reading = null;
      if (this.readAgain) {
        this.readAgain = false;
        this.readSoon();
      }
    });
  }

  private async read(): Promise<void> {
    this.lastReadAt = Date.now();
    let rows: EventRow[];
    try {
      rows = await this.database.sql.query<EventRow>(
        `SELECT e.id::text AS id, e."userId", e.type, e."createdAt", e.data, u.name
           FROM account_event e LEFT JOIN "user" u ON e.type = 'open.completed' AND u.id = e."userId"
          WHERE e.id > $1::bigint OR e.id = ANY($2::bigint[])
          ORDER BY e.id LIMIT $3`,
        [this.cursor.toString(), [...this.gaps.keys()].map(String), READ_BATCH],
      );
    } catch (error) {
      // The next announcement or poll tries again from the same cursor: nothing is skipped.
      logger("events").warn({ err: error }, "could not read new events");
      return;
    }
    this.advance(rows);
    this.dispatch(rows);
    if (rows.length === READ_BATCH) this.readAgain = true;
  }

  /** Moves the cursor past what was read, watching the ids it skipped. */
  private advance(rows: EventRow[]): void {
    const now = Date.now();
    for (const row of rows) {
      const id = BigInt(row.id);
      if (this.gaps.delete(id)) continue;
      // More skipped ids than can be watched (a sequence moved by hand): the highest are.
      const firstMissing = id - this.cursor - 1n > MAX_GAPS ? id - BigInt(MAX_GAPS) : this.cursor + 1n;
      for (let missing = firstMissing; missing < id; missing++) this.gaps.set(missing, now);
      if (id > this.cursor) this.cursor = id;
    }
    for (const [id, since] of this.gaps) {
      // Insertion order is the order they were missed in: the oldest come first.
      if (now - since < GAP_WATCH_MS && this.gaps.size <= MAX_GAPS) break;
      this.gaps.delete(id);
    }
  }

  private dispatch(rows: EventRow[]): void {
    const openings: OpeningRow[] = [];
    const battleIds = new Set<string>();
    for (const row of rows) {
      const wakers = this.accountWakers.get(row.userId);
      if (wakers) {
        // The data is what was recorded for this type (recordAccountEvent types it).
        const event = { id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data } as AccountEvent;
        for (const wake of wakers) wake(event);
      }
      if (row.type === "open.completed") openings.push(row as OpeningRow);
      else if (row.type.startsWith("battle.")) battleIds.add((row.data as { id: string }).id);
    }
    if (battleIds.size > 0) for (const listener of this.battleListeners) listener([...battleIds]);
    // Chained: each batch reaches the feed after the one before it.
    if (openings.length > 0 && this.dropListeners.size > 0) this.drops = this.drops.then(() => this.dispatchDrops(openings));
  }

  private async dispatchDrops(openings: OpeningRow[]): Promise<void> {
    try {
      const drops = toDrops(openings, await packsById(this.catalog));
      for (const listener of this.dropListeners) listener(drops);
    } catch (error) {
      // A live ticker: drops missed while the catalogue cannot be read are not worth a backlog.
      logger("drops").warn({ err: error }, "could not show new openings");
    }
  }
}
