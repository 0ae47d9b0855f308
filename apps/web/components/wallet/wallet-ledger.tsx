"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { LedgerEntry, LedgerPage } from "@prizepacks/core";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { LoadMoreButton } from "../ui/load-more-button";
import { LocalTime } from "../ui/local-time";
import { Money } from "../ui/money";

const kindLabels: Record<LedgerEntry["kind"], string> = {
  DEPOSIT: "Deposit",
  PACK_OPEN: "Pack opened",
  ITEM_SALE: "Item sold",
  ADJUSTMENT: "Adjustment",
  WITHDRAWAL: "Withdrawal",
  WITHDRAWAL_RETURN: "Withdrawal returned",
  SHIPPING_FEE: "Shipping fee",
  SHIPPING_REFUND: "Shipping fee refunded",
  BATTLE_ENTRY: "Battle entry",
  BATTLE_REFUND: "Battle entry refunded",
  EXCHANGE: "Exchange remainder",
  REWARD: "Reward",
};

/** The wallet's ledger, newest first; the first page comes rendered from the server. */
export function WalletLedger({ initialPage }: { initialPage: LedgerPage }) {
  const ledger = useInfiniteQuery({
    queryKey: queryKeys.wallet.ledger(),
    queryFn: ({ pageParam }) => trpc.wallet.ledger.query({ cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: { pages: [initialPage], pageParams: [undefined] },
  });
  const entries = ledger.data.pages.flatMap((page) => page.entries);

  if (entries.length === 0) {
    return (
      <div className="empty">
        <p>No wallet activity yet. Deposits, openings and sales show up here.</p>
      </div>
    );
  }
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="wallet-ledger">
          <caption className="visually-hidden">Wallet history, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Balance after
              </th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row">
                <td data-label="Time">
                  <LocalTime iso={entry.createdAt} />
                </td>
                <td data-label="Kind">{kindLabels[entry.kind]}</td>
                <td data-label="Amount" className="num">
                  <Money amount={entry.amount} signed />
                </td>
                <td data-label="Balance after" className="num">
                  <Money amount={entry.balanceAfter} />
                </td>
                <td data-label="Note" className="muted">
                  {entry.note ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ErrorAlert error={ledger.isFetchNextPageError && ledger.error} />
      <LoadMoreButton hasMore={ledger.hasNextPage} loading={ledger.isFetchingNextPage} onLoadMore={() => void ledger.fetchNextPage()} />
    </div>
  );
}
