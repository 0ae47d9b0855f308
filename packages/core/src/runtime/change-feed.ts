import type { Database } from "@prizepacks/db";

/** The channel the database's triggers notify (see the pack_stats migration). */
export const CHANGES_CHANNEL = "prizepacks_changes";

export type Change =
  | { kind: "catalog" }
  | { kind: "key"; hashedKey: string }
  | { kind: "user"; userId: string }
  /** After the feed was deaf: anything may have changed. */
  | { kind: "everything" };

/**
 * Committed changes to packs, keys and accounts, as the database's triggers announce them
 * to every instance. While the LISTEN connection is down, `live` is false and caches must not
 * trust what they hold for longer than STALE_WHILE_DEAF_MS: a change may go unheard then.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<(change: Change) => void>();
  private listening = false;

  private constructor() {}

  static async start(database: Database): Promise<ChangeFeed> {
    const feed = new ChangeFeed();
    // One listening connection serves this feed and the event hub (database.listen shares it).
    const stop = await database.listen(CHANGES_CHANNEL, {
      onMessage: (payload) => feed.dispatch(payload),
      onListening: () => {
        feed.listening = true;
        // Whatever happened while deaf is unknown: start from nothing.
        feed.announce({ kind: "everything" });
      },
      onLost: () => {
        feed.listening = false;
      },
    });
    database.onClose(stop);
    return feed;
  }

  get live(): boolean {
    return this.listening;
  }

  subscribe(fn: (change: Change) => void): void {
    this.subscribers.add(fn);
  }

  /** Tells this instance's subscribers at once (the writer's own instance need not wait for the round trip). */
  announce(change: Change): void {
    for (const fn of this.subscribers) fn(change);
  }

  private dispatch(payload: string): void {
    let change: Change;
    try {
      change = JSON.parse(payload) as Change;
    } catch {
      return;
    }
    this.announce(change);
  }
}

/** How long a cached entry may be trusted while the feed is deaf: below the 1-second promise. */
export const STALE_WHILE_DEAF_MS = 500;

/**
 * For writers, after their change committed: this instance's caches drop what it touched
 * now, without waiting for the notification's round trip (other instances get that one).
 */
export function announceChange({ feed }: { feed: ChangeFeed }, change: Change): void {
  feed.announce(change);
}
