"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEventSource } from "../components/ui/use-event-source";
import { refreshQueries } from "./refresh-queries";
import { queryKeys } from "./trpc";

/** What money or items moving elsewhere can change on the page. */
const AFFECTED = [queryKeys.me.get(), queryKeys.inventory(), queryKeys.history(), queryKeys.wallet(), queryKeys.keys.list()];

/**
 * Follows the signed-in account's change feed (GET /api/account/changes) and refreshes what a
 * change can touch, so the header balance moves when another tab, the REST API or an operator
 * moves money. Each connection refreshes too, the first included: a change may have happened
 * before the stream was watching (between the page's render and the stream's start) or while it
 * was away.
 */
export function useAccountChanges(): void {
  const queryClient = useQueryClient();
  // Not invalidation alone: the header's balance right after a page load is an in-flight first fetch.
  const refresh = () => void refreshQueries(queryClient, AFFECTED);
  // Every (re)connection, the first included: a change made after the page was rendered but
  // before the stream was watching (a REST call right after the page loads) sends no event.
  useEventSource("/api/account/changes", { changed: refresh, open: refresh });
}
