"use client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import type { InventoryGroupSort, InventoryGroups, InventoryPage, SellResult } from "@prizepacks/core";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { errorCode, errorMessage } from "../../lib/error-message";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { ExchangeDialog } from "./exchange-dialog";
import { InventoryGroupCard } from "./inventory-group-card";
import { InventoryItemCard } from "./inventory-item-card";
import { InventorySellBar } from "./inventory-sell-bar";
import { InventorySkeleton } from "./inventory-skeleton";
import { InventoryTabs, inventoryPanelId, inventoryTabId, type InventoryStatus } from "./inventory-tabs";
import { LoadMoreButton } from "../ui/load-more-button";

/** The server's MAX_ITEMS_PER_SALE; checked here only to explain a disabled button. */
const MAX_ITEMS_PER_SALE = 100;

export type InventoryLayout = "each" | "grouped";

const groupSorts: Array<{ sort: InventoryGroupSort; label: string }> = [
  { sort: "value-desc", label: "Value: high to low" },
  { sort: "value-asc", label: "Value: low to high" },
  { sort: "count", label: "Most held" },
  { sort: "name", label: "Name" },
  { sort: "newest", label: "Newest" },
];

/** The page's address for a tab, layout and order; defaults stay out of it. */
function inventoryQueryString(status: InventoryStatus, layout: InventoryLayout, sort: InventoryGroupSort): string {
  const params = new URLSearchParams();
  if (status === "SOLD") params.set("status", "sold");
  if (layout === "grouped") params.set("view", "grouped");
  if (sort !== "value-desc") params.set("sort", sort);
  const query = params.toString();
  return query ? `?${query}` : window.location.pathname;
}

function saleError(error: unknown): string {
  switch (errorCode(error)) {
    case "CONFLICT":
      return "One of these items was already sold, so nothing was sold. Your inventory has been refreshed.";
    case "NOT_FOUND":
      return "One of these items is no longer in your inventory, so nothing was sold. Your inventory has been refreshed.";
    default:
      return errorMessage(error);
  }
}

function saleNotice(result: SellResult): string {
  const count = result.sold.length;
  return `Sold ${count} ${count === 1 ? "item" : "items"} for ${displayMoney(result.total)}. New balance ${displayMoney(result.balanceAfter)}.`;
}

/** The inventory: held/sold tabs, held totals, selection and selling. */
export function InventoryView({
  initialStatus,
  initialPage,
  initialLayout,
  initialSort,
  initialGroups,
  exchangeFeeBps,
}: {
  initialStatus: InventoryStatus;
  initialPage: InventoryPage;
  initialLayout: InventoryLayout;
  initialSort: InventoryGroupSort;
  initialGroups?: InventoryGroups;
  /** The exchange's fee in basis points (a money setting), for the figures before the server decides. */
  exchangeFeeBps: number;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(initialStatus);
  const [layout, setLayout] = useState(initialLayout);
  const [sort, setSort] = useState(initialSort);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  // The items given, as they were when the dialog opened: the selection clears once they are exchanged.
  const [exchangeGiven, setExchangeGiven] = useState<Array<{ id: string; name: string; value: string }> | null>(null);
  // isPending reaches the buttons a render later; this closes the gap for a fast double click.
  const sellInFlight = useRef(false);

  const list = useInfiniteQuery({
    queryKey: queryKeys.inventory.list({ status }),
    queryFn: ({ pageParam }) => trpc.inventory.list.query({ status, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: status === initialStatus ? { pages: [initialPage], pageParams: [undefined] } : undefined,
  });

  const grouped = status === "HELD" && layout === "grouped";
  const groups = useQuery({
    queryKey: queryKeys.inventory.groups({ sort }),
    queryFn: () => trpc.inventory.groups.query({ sort }),
    enabled: grouped,
    initialData: sort === initialSort ? initialGroups : undefined,
  });

  const sell = useMutation({
    mutationFn: (inventoryItemIds: string[]) => trpc.inventory.sell.mutate({ inventoryItemIds }),
    onSuccess: (result) => {
      setNotice(saleNotice(result));
      setSelectedIds(new Set());
    },
    onSettled: async () => {
      sellInFlight.current = false;
      await Promise.all(
        [queryKeys.me.get(), queryKeys.inventory(), queryKeys.wallet(), queryKeys.history()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });

  function sellItems(ids: string[]) {
    if (sellInFlight.current || ids.length === 0) return;
    sellInFlight.current = true;
    setNotice(null);
    sell.mutate(ids);
  }

  function changeTab(next: InventoryStatus) {
    if (next === status) return;
    setStatus(next);
    setNotice(null);
    sell.reset();
    window.history.replaceState(null, "", inventoryQueryString(next, layout, sort));
  }

  function changeLayout(next: InventoryLayout) {
    setLayout(next);
    window.history.replaceState(null, "", inventoryQueryString(status, next, sort));
  }

  function changeSort(next: InventoryGroupSort) {
    setSort(next);
    window.history.replaceState(null, "", inventoryQueryString(status, layout, next));
  }

  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const summary = pages[0] ?? (status === initialStatus ? initialPage : undefined);
  const heldItems = status === "HELD" ? items : [];
  // Only ids still listed count: a refresh after a sale elsewhere drops the others.
  const selected = heldItems.filter((item) => selectedIds.has(item.id));
  const selectedValue = centsToMoney(selected.reduce((sum, item) => sum + moneyToCents(item.value), 0n));
  const busy = sell.isPending;

  function toggle(id: string) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <div className="stack inventory">
      <dl className="inventory-summary card" aria-label="Held items">
        <div>
          <dt className="muted small-text">Total value held</dt>
          <dd className="money inventory-summary-value" data-testid="inventory-total">
            {summary ? displayMoney(summary.totalValue) : "…"}
          </dd>
        </div>
        <div>
          <dt className="muted small-text">Items held</dt>
          <dd className="num inventory-summary-value" data-testid="inventory-count">
            {summary?.heldCount ?? "…"}
          </dd>
        </div>
      </dl>

      <InventoryTabs status={status} onChange={changeTab} />

      <div role="status" className="inventory-status">
        {notice && <p className="alert success">{notice}</p>}
      </div>
      <ErrorAlert error={sell.error} describe={saleError} />

      <ExchangeDialog
        open={exchangeGiven !== null}
        given={exchangeGiven ?? []}
        feeBps={exchangeFeeBps}
        onClose={() => setExchangeGiven(null)}
        onExchanged={(result) => {
          setSelectedIds(new Set());
          setNotice(
            `Exchanged ${result.given.length} ${result.given.length === 1 ? "item" : "items"} for ${result.received.length} worth ${displayMoney(result.exchange.receivedValue)}${moneyToCents(result.exchange.cash) > 0n ? `, and ${displayMoney(result.exchange.cash)} to your wallet` : ""}.`,
          );
          for (const queryKey of [queryKeys.me.get(), queryKeys.inventory(), queryKeys.wallet()])
            void queryClient.invalidateQueries({ queryKey });
        }}
      />

      <div role="tabpanel" id={inventoryPanelId} aria-labelledby={inventoryTabId(status)} className="stack">
        {status === "HELD" && (
          <div className="inventory-toolbar">
            <div role="group" aria-label="Show" className="inventory-views">
              {(["grouped", "each"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="button small ghost"
                  aria-pressed={layout === option}
                  onClick={() => changeLayout(option)}
                >
                  {option === "grouped" ? "Grouped" : "Each item"}
                </button>
              ))}
            </div>
            {grouped && (
              <label className="inventory-sort">
                Sort
                <select value={sort} onChange={(event) => changeSort(event.target.value as InventoryGroupSort)}>
                  {groupSorts.map((option) => (
                    <option key={option.sort} value={option.sort}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
        )}
        {grouped ? (
          groups.isPending ? (
            <InventorySkeleton />
          ) : groups.isError ? (
            <div className="stack">
              <ErrorAlert error={groups.error} />
              <button type="button" className="button ghost" onClick={() => void groups.refetch()}>
                Try again
              </button>
            </div>
          ) : groups.data.groups.length === 0 ? (
            <div className="empty">
              <p>
                No items yet — <Link href="/">open a pack</Link>
              </p>
            </div>
          ) : (
            <ul className="inventory-list">
              {groups.data.groups.map((group) => (
                <InventoryGroupCard
                  key={`${group.itemId}-${group.value}`}
                  group={group}
                  maxPerSale={MAX_ITEMS_PER_SALE}
                  busy={busy}
                  onSell={sellItems}
                />
              ))}
            </ul>
          )
        ) : list.isPending ? (
          <InventorySkeleton />
        ) : list.isError && items.length === 0 ? (
          <div className="stack">
            <ErrorAlert error={list.error} />
            <button type="button" className="button ghost" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="empty">
            {status === "HELD" ? (
              <p>
                No items yet — <Link href="/">open a pack</Link>
              </p>
            ) : (
              <p>No sold items yet. Items you sell show up here.</p>
            )}
          </div>
        ) : (
          <>
            {status === "HELD" && (
              <InventorySellBar
                selectedCount={selected.length}
                selectableCount={heldItems.length}
                selectedValue={selectedValue}
                maxPerSale={MAX_ITEMS_PER_SALE}
                busy={busy}
                onSelectAll={(all) => setSelectedIds(all ? new Set(heldItems.map((item) => item.id)) : new Set())}
                onSellSelected={() => sellItems(selected.map((item) => item.id))}
                onExchangeSelected={() => {
                  setNotice(null);
                  setExchangeGiven(selected.map(({ id, name, value }) => ({ id, name, value })));
                }}
              />
            )}
            <ul className="inventory-list">
              {items.map((item) => (
                <InventoryItemCard
                  key={item.id}
                  item={item}
                  selected={selectedIds.has(item.id)}
                  busy={busy}
                  onToggle={toggle}
                  onSell={(id) => sellItems([id])}
                />
              ))}
            </ul>
            <ErrorAlert error={list.isFetchNextPageError && list.error} />
            <LoadMoreButton hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
          </>
        )}
      </div>
    </div>
  );
}
