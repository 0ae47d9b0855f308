"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { HistoryPage } from "@prizepacks/core";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { HistoryRow } from "./history-row";
import { UpgradeHistoryRow } from "./upgrade-history-row";
import { LoadMoreButton } from "../ui/load-more-button";

/** Every opening and upgrade of the player (of one pack, given packId), newest first; the first page comes rendered from the server. */
export function HistoryList({ initialPage, packId }: { initialPage: HistoryPage; packId?: string }) {
  const history = useInfiniteQuery({
    queryKey: queryKeys.history.list({ packId }),
    queryFn: ({ pageParam }) => trpc.history.list.query({ cursor: pageParam, packId }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: { pages: [initialPage], pageParams: [undefined] },
  });
  // Openings and upgrades take the nonces of one seed pair in turn: one list, newest first.
  const entries = history.data.pages
    .flatMap((page) => [...page.spins, ...page.upgrades])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.fairness.nonce - a.fairness.nonce);

  if (entries.length === 0) {
    return (
      <div className="empty">
        <p>
          {packId ? "No openings of this pack yet" : "Nothing played yet"} — <Link href="/">open a pack</Link> and it shows up here with
          everything needed to verify it.
        </p>
      </div>
    );
  }
  return (
    <div className="stack">
      <ol className="history-list">
        {entries.map((entry) =>
          entry.kind === "upgrade" ? <UpgradeHistoryRow key={entry.id} upgrade={entry} /> : <HistoryRow key={entry.id} spin={entry} />,
        )}
      </ol>
      <ErrorAlert error={history.isFetchNextPageError && history.error} />
      <LoadMoreButton hasMore={history.hasNextPage} loading={history.isFetchingNextPage} onLoadMore={() => void history.fetchNextPage()} />
    </div>
  );
}
