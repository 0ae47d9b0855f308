"use client";
import { useSyncExternalStore } from "react";
import type { Drop } from "@prizepacks/core";

// The public drop feed (GET /v1/drops), one EventSource per tab however many components read
// it: the ticker, the pack page's live open count, the catalogue's best pulls. A refused or
// broken stream is not an error to show: the feed just stays still and tries again later.

export type { Drop };

const KEEP = 50;
/** After the browser gives up (a refusal such as 429 closes an EventSource for good). */
const RETRY_AFTER_REFUSAL_MS = 60_000;

interface FeedState {
  drops: Drop[];
  live: boolean;
}

let state: FeedState = { drops: [], live: false };
const listeners = new Set<() => void>();
let source: EventSource | null = null;
let retryTimer: number | undefined;

function publish(next: FeedState) {
  state = next;
  for (const listener of listeners) listener();
}

function connect() {
  retryTimer = undefined;
  source = new EventSource("/v1/drops");
  source.addEventListener("open", () => publish({ ...state, live: true }));
  source.addEventListener("drop", (event) => {
    let drop: Drop;
    try {
      drop = JSON.parse((event as MessageEvent<string>).data) as Drop;
    } catch {
      return;
    }
    // A reconnect replays the latest drops: keep each once, newest first.
    if (state.drops.some((known) => known.id === drop.id)) return;
    publish({ ...state, drops: [drop, ...state.drops].slice(0, KEEP) });
  });
  source.addEventListener("error", () => {
    if (source?.readyState === EventSource.CLOSED) {
      source = null;
      publish({ ...state, live: false });
      if (listeners.size > 0) retryTimer = window.setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
    } else {
      publish({ ...state, live: false }); // the browser reconnects by itself
    }
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!source && retryTimer === undefined && typeof EventSource !== "undefined") connect();
  return () => {
    listeners.delete(listener);
    // Navigations keep the tab (and its stream); only a page with no reader left closes it.
    if (listeners.size === 0) {
      window.setTimeout(() => {
        if (listeners.size > 0) return;
        source?.close();
        source = null;
        window.clearTimeout(retryTimer);
        retryTimer = undefined;
      }, 1_000);
    }
  };
}

const serverState: FeedState = { drops: [], live: false };

/** The latest drops, newest first, and whether the stream is connected. */
export function useDropFeed(): FeedState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
