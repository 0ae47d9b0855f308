"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "./trpc";

/** After a refusal (the browser closes an EventSource for good on any answer but 200). */
const RETRY_AFTER_REFUSAL_MS = 60_000;
/** What money or items moving elsewhere can change on the page. */
const AFFECTED = [queryKeys.me, queryKeys.inventory, queryKeys.history, queryKeys.ledger, queryKeys.keys];

/**
 * Follows the signed-in account's change feed (GET /api/account/changes) and refreshes what a
 * change can touch, so the header balance moves when another tab, the REST API or an operator
 * moves money. A (re)connection refreshes too: a change may have happened while it was away.
 */
export function useAccountChanges(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;
    let opened = false;
    const refresh = () => {
      for (const queryKey of AFFECTED) void queryClient.invalidateQueries({ queryKey });
    };
    const connect = () => {
      source = new EventSource("/api/account/changes");
      source.addEventListener("changed", refresh);
      source.addEventListener("open", () => {
        if (opened) refresh();
        opened = true;
      });
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
