"use client";
import { useSyncExternalStore } from "react";
import type { Drop } from "@prizepacks/core";
import type { Rarity } from "@prizepacks/core/contract";

// The public drop feed (GET /v1/drops), one EventSource per tab and rarity floor however many
// components read it: the pack page's live open count and the catalogue's best pulls read every
// drop; the ticker reads from the floor its player chose, filtered by the server (which also
// replays the latest drops of that floor), so "Legendary only" shows the last legendary drops,
// not the legendary few among the last dozen. A refused or broken stream is not an error to
// show: the feed just stays still and tries again later.

export type { Drop };

const KEEP = 50;
/** After the browser gives up (a refusal such as 429 closes an EventSource for good). */
const RETRY_AFTER_REFUSAL_MS = 60_000;

interface FeedState {
  drops: Drop[];
  live: boolean;
}

class Feed {
  state: FeedState = { drops: [], live: false };
  /** Drops that came while a reveal was running in this tab (holdDrops), newest first. */
  private held: Drop[] = [];
  private readonly listeners = new Set<() => void>();
  private source: EventSource | null = null;
  private retryTimer: number | undefined;

  constructor(private readonly url: string) {}

  private publish(next: FeedState) {
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private connect() {
    this.retryTimer = undefined;
    const source = new EventSource(this.url);
    this.source = source;
    source.addEventListener("open", () => this.publish({ ...this.state, live: true }));
    source.addEventListener("drop", (event) => {
      let drop: Drop;
      try {
        drop = JSON.parse((event as MessageEvent<string>).data) as Drop;
      } catch {
        return;
      }
      // A reconnect replays the latest drops: keep each once, newest first.
      if (this.state.drops.some((known) => known.id === drop.id) || this.held.some((known) => known.id === drop.id)) return;
      if (holds > 0) this.held = [drop, ...this.held];
      else this.publish({ ...this.state, drops: [drop, ...this.state.drops].slice(0, KEEP) });
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.publish({ ...this.state, live: false });
        if (this.listeners.size > 0) this.retryTimer = window.setTimeout(() => this.connect(), RETRY_AFTER_REFUSAL_MS);
      } else {
        this.publish({ ...this.state, live: false }); // the browser reconnects by itself
      }
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.source && this.retryTimer === undefined && typeof EventSource !== "undefined") this.connect();
    return () => {
      this.listeners.delete(listener);
      // Navigations keep the tab (and its stream); only a feed with no reader left closes.
      if (this.listeners.size === 0) {
        window.setTimeout(() => {
          if (this.listeners.size > 0) return;
          this.source?.close();
          this.source = null;
          window.clearTimeout(this.retryTimer);
          this.retryTimer = undefined;
        }, 1_000);
      }
    };
  };

  snapshot = () => this.state;

  release() {
    if (this.held.length === 0) return;
    const drops = [...this.held, ...this.state.drops].slice(0, KEEP);
    this.held = [];
    this.publish({ ...this.state, drops });
  }
}

const feeds = new Map<string, Feed>();
let holds = 0;

/**
 * Holds back every new drop in this tab until the returned release is called: a player's own
 * opening (or battle) reaches the feed the moment it is drawn, seconds before their reel lands on
 * it, and the feed would tell them what they won. Drops by others wait with it, a few seconds at
 * most; other tabs and viewers see them at once. Releasing twice is releasing once.
 */
export function holdDrops(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    if (holds === 0) for (const feed of feeds.values()) feed.release();
  };
}

function feedFor(minRarity: Rarity): Feed {
  const url = minRarity === "COMMON" ? "/v1/drops" : `/v1/drops?minRarity=${minRarity}`;
  let feed = feeds.get(url);
  if (!feed) {
    feed = new Feed(url);
    feeds.set(url, feed);
  }
  return feed;
}

const serverState: FeedState = { drops: [], live: false };

/** The latest drops of `minRarity` and up (every drop by default), newest first, and whether the stream is connected. */
export function useDropFeed(minRarity: Rarity = "COMMON"): FeedState {
  const feed = feedFor(minRarity);
  return useSyncExternalStore(feed.subscribe, feed.snapshot, () => serverState);
}
