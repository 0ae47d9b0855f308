"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import type { UpgradeTarget } from "@prizepacks/core/contract";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { LoadMoreButton } from "../ui/load-more-button";
import { Money } from "../ui/money";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

interface Filters {
  search?: string;
  minValue?: string;
  maxValue?: string;
}

/**
 * The items an upgrade (or an exchange) can aim at: search by name, value from/to, cheapest first,
 * "Load more" through the server's cursor. `actionLabel` names what a row's button does; `picked`
 * counts how often each is chosen (an exchange may take one item twice). `shipsOnly` hides what
 * cannot be shipped (the exchange takes shippable items only).
 */
export function TargetPicker({
  actionLabel,
  picked,
  onPick,
  shipsOnly = false,
  disabled = false,
  initialMinValue,
}: {
  actionLabel: (target: UpgradeTarget) => string;
  picked: ReadonlyMap<string, number>;
  onPick: (target: UpgradeTarget) => void;
  shipsOnly?: boolean;
  disabled?: boolean;
  initialMinValue?: string;
}) {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({ minValue: initialMinValue });
  const [formError, setFormError] = useState<string | null>(null);
  const targets = useInfiniteQuery({
    queryKey: queryKeys.upgrades.targets(filters),
    queryFn: ({ pageParam }) => trpc.upgrades.targets.query({ ...filters, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === "string" ? value.trim() || undefined : undefined;
    };
    const next = { search: text("search"), minValue: text("minValue"), maxValue: text("maxValue") };
    if ((next.minValue && !AMOUNT.test(next.minValue)) || (next.maxValue && !AMOUNT.test(next.maxValue))) {
      setFormError('Write values as amounts, like "25" or "25.50".');
      return;
    }
    setFormError(null);
    setFilters(next);
  }

  const list = (targets.data?.pages ?? []).flatMap((page) => page.targets).filter((target) => !shipsOnly || target.ships);

  return (
    <div className="stack target-picker">
      <form className="target-filters" onSubmit={submit} role="search" aria-label="Find items">
        <label htmlFor={`${id}-search`}>
          Name
          <input id={`${id}-search`} name="search" type="search" maxLength={100} defaultValue={filters.search} autoComplete="off" />
        </label>
        <label htmlFor={`${id}-min`}>
          From $
          <input id={`${id}-min`} name="minValue" inputMode="decimal" defaultValue={filters.minValue} autoComplete="off" />
        </label>
        <label htmlFor={`${id}-max`}>
          To $
          <input id={`${id}-max`} name="maxValue" inputMode="decimal" defaultValue={filters.maxValue} autoComplete="off" />
        </label>
        <button type="submit" className="button ghost">
          Find
        </button>
      </form>
      <ErrorAlert error={formError} />
      {targets.isPending ? (
        <p className="muted">
          <span className="spinner" aria-hidden="true" /> Loading items…
        </p>
      ) : targets.isError && list.length === 0 ? (
        <ErrorAlert error={targets.error} />
      ) : list.length === 0 ? (
        <p className="empty">No item matches; widen the search.</p>
      ) : (
        <ul className="target-list" data-testid="target-list">
          {list.map((target) => {
            const count = picked.get(target.id) ?? 0;
            return (
              <li
                key={target.id}
                className={`target-row rarity-border-${target.rarity}${count > 0 ? " is-selected" : ""}`}
                data-testid="target"
              >
                <img src={target.image} alt="" width={48} height={48} loading="lazy" />
                <div className="target-row-what">
                  <p className="target-row-name clamp-2">{target.name}</p>
                  <p className="small-text muted">
                    <Money amount={target.value} /> · {target.pack.name}
                    {!target.ships && " · digital"}
                  </p>
                </div>
                <button
                  type="button"
                  className={`button small${count > 0 ? "" : " ghost"}`}
                  aria-pressed={count > 0}
                  disabled={disabled}
                  onClick={() => onPick(target)}
                >
                  {actionLabel(target)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ErrorAlert error={targets.isFetchNextPageError && targets.error} />
      <LoadMoreButton hasMore={targets.hasNextPage} loading={targets.isFetchingNextPage} onLoadMore={() => void targets.fetchNextPage()} />
    </div>
  );
}
