import type { Database } from "@prizepacks/db";
import { logger } from "@prizepacks/db/log";
import { EVENTS_CHANNEL, type EventHub } from "./event-hub.ts";

/** One announcement to the other instances per this long at most, however many commits. */
const ANNOUNCE_BATCH_MS = 5;

/**
 * Tells the instances that events were committed: this instance's hub at once, the others by
 * one NOTIFY per ANNOUNCE_BATCH_MS, sent on its own after the commits it covers. A notifying
 * transaction makes PostgreSQL serialize its commit with every other notifying one, so the
 * NOTIFY stays out of the transactions that record events (record_account_event). An
 * announcement lost or never made costs latency, never an event: hubs also poll the outbox.
 */
export class EventAnnouncer {
  private scheduled = false;
  private sending: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    /** The payload: hubs skip their own instance's announcements. */
    readonly instanceId: string,
    private readonly localHub: () => EventHub | undefined,
  ) {}

  /** After a commit that may have recorded events. */
  announce(): void {
    this.localHub()?.readSoon();
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => void this.notify(), ANNOUNCE_BATCH_MS).unref();
  }

  private async notify(): Promise<void> {
    // One NOTIFY in flight at most: commits announced meanwhile ride on the next one.
    await this.sending;
    this.scheduled = false;
    this.sending = this.database.sql
      .query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, this.instanceId])
      .then(() => undefined)
      .catch((error: unknown) => logger("events").debug({ err: error }, "could not announce new events; the other instances poll"))
      .finally(() => (this.sending = null));
  }
}
