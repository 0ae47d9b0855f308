"use client";
import { useEffect, useEffectEvent } from "react";

/** After a refusal (the browser closes an EventSource for good on any answer but 200). */
const RETRY_AFTER_REFUSAL_MS = 60_000;

/**
 * Follows a server-sent event stream while `url` is not null, calling `listeners[event]` for each
 * event of that name ("open" included). The browser reconnects by itself after a dropped
 * connection; after a refusal it does not, so this connects again a minute later.
 */
export function useEventSource(url: string | null, listeners: Record<string, () => void>): void {
  const dispatch = useEffectEvent((event: string) => listeners[event]?.());
  const events = Object.keys(listeners).join(" ");
  useEffect(() => {
    if (url === null) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    const connect = () => {
      source = new EventSource(url);
      for (const event of events.split(" ")) source.addEventListener(event, () => dispatch(event));
      source.addEventListener("error", () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source = null;
        retry = window.setTimeout(connect, RETRY_AFTER_REFUSAL_MS);
      });
    };
    connect();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [url, events]);
}
