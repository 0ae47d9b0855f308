import type { Database } from "@prizepacks/db";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import type { AccountEvent } from "./account-events.ts";
import type { UpgradeResult } from "../contract/upgrades.ts";
import { isUpgradeDrop, packsById, toDrops, type Drop, type OpeningRow } from "./drops.ts";
import { logger } from "@prizepacks/db/log";

/** The channel instances announce new events on (EventAnnouncer), after their commits. */
export const EVENTS_CHANNEL = "prizepacks_events";
/** Events read per query; a fuller batch is followed by the next at once. */
const READ_BATCH = 1_000;

/**
 * What follows the cursor ($1) and the skipped ids still watched ($2), oldest first, $3 at most.
 * Two branches, not `id > $1 OR id = ANY($2)`: the OR's generic plan (the service's statements
 * are prepared), and its custom plans once the hub was a few thousand events behind, walked the
 * primary key from its first entry, filtering, on every read (0.7-1.6 s at 2.7 M events, where a
 * read with the cursor as the index's bound takes 2 ms): a hub behind fell further behind.
 */
export const READ_NEW_EVENTS = `SELECT e.id::text AS id, e."userId", e.type, e."createdAt", e.data, u.name,
         CASE WHEN u.id IS NOT NULL THEN coalesce(r.level, 0) END AS level
  FROM ((SELECT * FROM account_event WHERE id > $1::bigint ORDER BY id LIMIT $3)
        UNION ALL
        (SELECT * FROM account_event WHERE id = ANY($2::bigint[]) AND id <= $1::bigint)) e
  LEFT JOIN "user" u ON e.type IN ('open.completed', 'upgrade.completed') AND u.id = e."userId"
  LEFT JOIN account_reward r ON e.type IN ('open.completed', 'upgrade.completed') AND r."userId" = e."userId"
  ORDER BY e.id LIMIT $3`;
/** Announcements within this long of a read are served by one more read after it. */
const MIN_READ_INTERVAL_MS = 10;
/**
 * Read this often whatever is announced: events written where nobody announces (the operator's
 * command line, another instance while this one's listening connection is down) arrive within it.
 */
const SAFETY_POLL_MS = 250;
/**
 * An id below the highest one read but not there yet (a gap) belongs to a transaction still open
 * (ids are taken at insert, transactions commit in any order) or one rolled back. It is looked
 * for until that transaction has ended, whatever it takes: a gap older than this gets a horizon,
 * a transaction id taken then (above that of any transaction that could hold the gap), and is
 * given up once the oldest transaction running is past it (checked at most once per this long).
 */
const GAP_HORIZON_MS = 1_000;
/** More gaps than this (a sequence moved by hand): the oldest are given up and every stream reads the database. */
const MAX_GAPS = 100_000;
/** How long after its start the hub first checks that no transaction open at its start is left (above the 8 s bound). */
const SETTLE_MS = 10_000;

/**
 * A new event of the account, or null for "read what is new from the database"; with `hubComplete`,
 * only a stream whose database read may predate an event below the hub's first cursor needs to.
 */
export type AccountWaker = (event: AccountEvent | null, reason?: "hubComplete") => void;

interface EventRow extends Record<string, unknown> {
  id: string;
  userId: string;
  type: AccountEvent["type"];
  createdAt: Date;
  data: unknown;
  /** The player's name, on openings and upgrades only (the drop feed masks it). */
  name: string | null;
  /** The player's level as the event is read (their last wager set it), on openings and upgrades only. */
  level: number | null;
}

/**
 * This instance's share of the live fan-out. The outbox (account_event) is the truth: the hub
 * reads what is new in it by id, one query for every stream of the instance, when an instance
 * announces a commit (EVENTS_CHANNEL) and every SAFETY_POLL_MS regardless, and hands each
 * account's events to its streams in id order, the openings (and big upgrade wins) to the drop feed and the battles
 * that changed to the lobby.
 *
 * Ids commit out of order across accounts, never within one (record_account_event's lock), so
 * an id skipped by a read is watched for until its transaction has ended (GAP_HORIZON_MS) and
 * handed out if it committed. What the hub cannot vouch for is an event of a transaction open when the hub started
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
  /** Ids below the cursor not read yet: when each was first missed, and its horizon once it has one. */
  private readonly gaps = new Map<bigint, { since: number; horizon: bigint | null }>();
  private lastHorizonCheck = 0;
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
    // A transaction id of its own: every transaction running now has a lower one (a snapshot's
    // xmax is no such bound: a running transaction may hold it).
    const [row] = await database.sql.query<{ id: string; xid: string }>(
      `SELECT coalesce(max(id), 0)::text AS id, pg_current_xact_id()::text AS xid FROM account_event`,
    );
    hub.cursor = BigInt(row?.id ?? "0");
    hub.settleAfter(row?.xid ?? "0", SETTLE_MS);
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
  private settleAfter(startXid: string, afterMs: number): void {
    const timer = setTimeout(() => {
      if (this.closed) return;
      this.database.sql
        .query<{ done: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot()) > $1::xid8 AS done`, [startXid])
        .then(([check]) => {
          if (!check?.done) return this.settleAfter(startXid, 1_000);
          this.settled = true;
          // An event committed late below the first cursor reached no stream: they read it now.
          this.wakeEveryAccount("hubComplete");
        })
        .catch(() => this.settleAfter(startXid, 1_000));
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
    let oldestRunning: bigint | null;
    try {
      // Before the read: a gap whose transaction ended by now is found by the read if it committed.
      oldestRunning = await this.checkHorizons();
      rows = await this.database.sql.query<EventRow>(READ_NEW_EVENTS, [
        this.cursor.toString(),
        [...this.gaps.keys()].map(String),
        READ_BATCH,
      ]);
    } catch (error) {
      // The next announcement or poll tries again from the same cursor: nothing is skipped.
      logger("events").warn({ err: error }, "could not read new events");
      return;
    }
    this.advance(rows);
    if (oldestRunning !== null) {
      for (const [id, gap] of this.gaps) if (gap.horizon !== null && gap.horizon < oldestRunning) this.gaps.delete(id);
    }
    try {
      this.dispatch(rows);
    } catch (error) {
      // A stream's or feed's fault, not the hub's: the cursor has moved on, the next read goes on.
      logger("events").error({ err: error }, "could not hand out new events");
    }
    if (rows.length === READ_BATCH) this.readAgain = true;
  }

  /**
   * Gives gaps older than GAP_HORIZON_MS their horizon; returns the oldest transaction id running
   * (gaps whose horizon is below it can be given up after the read), or null when not checked.
   */
  private async checkHorizons(): Promise<bigint | null> {
    const now = Date.now();
    const oldest = this.gaps.values().next().value; // the first missed comes first
    if (!oldest || now - oldest.since < GAP_HORIZON_MS || now - this.lastHorizonCheck < GAP_HORIZON_MS) return null;
    this.lastHorizonCheck = now;
    const [snapshot] = await this.database.sql.query<{ xmin: string; xid: string }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, pg_current_xact_id()::text AS xid`,
    );
    const horizon = BigInt(snapshot!.xid);
    for (const gap of this.gaps.values()) if (gap.horizon === null && now - gap.since >= GAP_HORIZON_MS) gap.horizon = horizon;
    return BigInt(snapshot!.xmin);
  }

  /** Moves the cursor past what was read, watching the ids it skipped. */
  private advance(rows: EventRow[]): void {
    const now = Date.now();
    for (const row of rows) {
      const id = BigInt(row.id);
      if (this.gaps.delete(id)) continue;
      // More skipped ids than can be watched (a sequence moved by hand): the highest are.
      const firstMissing = id - this.cursor - 1n > MAX_GAPS ? id - BigInt(MAX_GAPS) : this.cursor + 1n;
      for (let missing = firstMissing; missing < id; missing++) this.gaps.set(missing, { since: now, horizon: null });
      if (id > this.cursor) this.cursor = id;
    }
    if (this.gaps.size > MAX_GAPS) {
      for (const id of [...this.gaps.keys()].slice(0, this.gaps.size - MAX_GAPS)) this.gaps.delete(id);
      // What the given-up ids held, if anything, only the database knows now.
      this.wakeEveryAccount();
    }
  }

  /** Sends every watched account's streams to the database to read what they have not sent. */
  private wakeEveryAccount(reason?: "hubComplete"): void {
    for (const wakers of this.accountWakers.values()) for (const wake of wakers) wake(null, reason);
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
      if (row.type === "open.completed" || (row.type === "upgrade.completed" && isUpgradeDrop(row.data as UpgradeResult))) {
        openings.push(row as OpeningRow);
      } else if (row.type.startsWith("battle.")) battleIds.add((row.data as { id: string }).id);
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
