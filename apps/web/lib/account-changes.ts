"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { refreshQueries } from "./refresh-queries";
import { queryKeys } from "./trpc";

/** After a refusal (the browser closes an EventSource for good on any answer but 200). */
const RETRY_AFTER_REFUSAL_MS = 60_000;
/** What money or items moving elsewhere can change on the page. */
const AFFECTED = [queryKeys.me, queryKeys.inventory, queryKeys.history, queryKeys.ledger, queryKeys.keys];

/**
 * Follows the signed-in account's change feed (GET /api/account/changes) and refreshes what a
 * change can touch, so the header balance moves when another tab, the REST API or an operator
 * moves money. Each connection refreshes too, the first included: a change may have happened
 * before the stream was watching (between the page's render and the stream's start) or while it
 * was away.
 */
export function useAccountChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;
    // Not invalidation alone: the header's balance right after a page load is an in-flight first fetch.
    const refresh = () => refreshQueries(queryClient, AFFECTED);
    const connect = () => {
      source = new EventSource("/api/account/changes");
      source.addEventListener("changed", () => void refresh());
      // Every (re)connection, the first included: a change made after the page was rendered but
      // before the stream was watching (a REST call right after the page loads) sends no event.
      source.addEventListener("open", () => void refresh());
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
  }, [queryClient]);
}
