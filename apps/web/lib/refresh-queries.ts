"use client";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Asks again for what a change may have made stale. Invalidation alone keeps an answer already on
 * its way when its query has no data yet (react-query reuses an in-flight first fetch, which may
 * have been read before the change): cancel what is in flight, then ask again.
 */
export async function refreshQueries(queryClient: QueryClient, queryKeys: readonly QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
