"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { HistoryPage } from "@prizepacks/core";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { HistoryRow } from "./history-row";
import { LoadMoreButton } from "../ui/load-more-button";

/** Every opening of the player (of one pack, given packId), newest first; the first page comes rendered from the server. */
export function HistoryList({ initialPage, packId }: { initialPage: HistoryPage; packId?: string }) {
  const history = useInfiniteQuery({
    queryKey: queryKeys.history.list({ packId }),
    queryFn: ({ pageParam }) => trpc.history.list.query({ cursor: pageParam, packId }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: { pages: [initialPage], pageParams: [undefined] },
  });
  const spins = history.data.pages.flatMap((page) => page.spins);

  if (spins.length === 0) {
    return (
      <div className="empty">
        <p>
          {packId ? "No openings of this pack yet" : "No openings yet"} — <Link href="/">open a pack</Link> and it shows up here with
          everything needed to verify it.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <ol className="history-list">
        {spins.map((spin) => (
          <HistoryRow key={spin.id} spin={spin} />
        ))}
      </ol>
      <ErrorAlert error={history.isFetchNextPageError && history.error} />
      <LoadMoreButton hasMore={history.hasNextPage} loading={history.isFetchingNextPage} onLoadMore={() => void history.fetchNextPage()} />
    </div>
  );
}
