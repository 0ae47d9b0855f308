"use client";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { UpgradeResult, UpgradeTarget } from "@prizepacks/core/contract";
import { centsToMoney, displayMoney, MAX_UPGRADE_STAKE, moneyToCents } from "@prizepacks/core/contract";
import { holdDrops } from "../../lib/drop-feed";
import { errorCode } from "../../lib/error-message";
import { askBeforeWager } from "../../lib/licence-prompts";
import { playWin } from "../../lib/reel-sound";
import { queryKeys, trpc, withIdempotencyKey } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { LoadMoreButton } from "../ui/load-more-button";
import { Money } from "../ui/money";
import { TargetPicker } from "./target-picker";
import { UpgradeDial } from "./upgrade-dial";
import { UpgradeError } from "./upgrade-error";
import { UpgradeFairness } from "./upgrade-fairness";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

interface Roll {
  result: UpgradeResult;
  targetName: string;
  landed: boolean;
}

/**
 * The upgrader: a stake of 1–10 held items, one target worth more, the server's quote (chance,
 * expected value, edge) on the dial, then the roll. The outcome comes from the server before the
 * needle moves: the dial only shows it, stopping at the server's ticket.
 */
export function UpgraderPanel() {
  const queryClient = useQueryClient();
  const [stakeIds, setStakeIds] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<UpgradeTarget | null>(null);
  const [roll, setRoll] = useState<Roll | null>(null);
  const [rolling, setRolling] = useState(false);
  const [skip, setSkip] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inFlight = useRef(false);
  const releaseDrops = useRef<(() => void) | null>(null);
  const resultHeadingRef = useRef<HTMLHeadingElement>(null);
  const dialRef = useRef<HTMLDivElement>(null);

  const held = useInfiniteQuery({
    queryKey: queryKeys.inventory.list({ status: "HELD" }),
    queryFn: ({ pageParam }) => trpc.inventory.list.query({ status: "HELD", cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const items = (held.data?.pages ?? []).flatMap((page) => page.items).filter((item) => item.status === "HELD");
  // Only ids still listed count: an item sold elsewhere drops out of the stake.
  const stake = items.filter((item) => stakeIds.has(item.id));
  const stakeValue = centsToMoney(stake.reduce((sum, item) => sum + moneyToCents(item.value), 0n));
  const inventoryItemIds = stake.map((item) => item.id).join(",");

  const quote = useQuery({
    queryKey: queryKeys.upgrades.quote({ inventoryItemIds, targetItemId: target?.id ?? "" }),
    queryFn: () => trpc.upgrades.quote.query({ inventoryItemIds, targetItemId: target!.id }),
    enabled: stake.length > 0 && target !== null,
    retry: false,
  });
  const quoteShown = stake.length > 0 && target !== null && quote.data ? quote.data : null;

  const spinning = roll !== null && !roll.landed;
  const busy = rolling || spinning;

  function toggle(id: string) {
    setRoll((current) => (current?.landed ? null : current));
    setStakeIds((current) => {
      const next = new Set(current);
      if (!next.delete(id) && next.size < MAX_UPGRADE_STAKE) next.add(id);
      return next;
    });
  }

  async function upgrade() {
    if (inFlight.current || !quoteShown || !target) return;
    inFlight.current = true;
    // Before the first paid play, the safer-play page (once per account); closed, nothing happens.
    if (!(await askBeforeWager())) {
      inFlight.current = false;
      return;
    }
    setRolling(true);
    setError(null);
    setRoll(null);
    setSkip(false);
    releaseDrops.current?.();
    releaseDrops.current = holdDrops();
    const reducedMotion = prefersReducedMotion();
    dialRef.current?.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
    try {
      const result = await trpc.upgrades.create.mutate(
        { inventoryItemIds: stake.map((item) => item.id), targetItemId: target.id },
        withIdempotencyKey(crypto.randomUUID()),
      );
      setRoll({ result, targetName: target.name, landed: reducedMotion });
      setStakeIds(new Set());
    } catch (caught) {
      setError(caught);
      releaseDrops.current?.();
      if (errorCode(caught) === "CONFLICT" || errorCode(caught) === "NOT_FOUND") setStakeIds(new Set());
    } finally {
      for (const queryKey of [
        queryKeys.me.get(),
        queryKeys.inventory(),
        queryKeys.history(),
        queryKeys.wallet(),
        queryKeys.fairness.get(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      setRolling(false);
      inFlight.current = false;
    }
  }

  const markLanded = useCallback(() => setRoll((current) => (current && !current.landed ? { ...current, landed: true } : current)), []);

  const landed = roll?.landed ?? false;
  useEffect(() => {
    if (!landed || !roll) return;
    releaseDrops.current?.();
    if (roll.result.upgrade.won)
      playWin(moneyToCents(roll.result.upgrade.targetValue) >= 5n * moneyToCents(roll.result.upgrade.stakeValue) ? 3 : 2);
    resultHeadingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, [landed]);

  useEffect(() => () => releaseDrops.current?.(), []);

  // Space or Esc stops the needle at once, like the Skip button (as the reel does).
  useLayoutEffect(() => {
    if (!spinning) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== " " && event.key !== "Escape") return;
      if (event.target instanceof HTMLElement && event.target.closest("input, textarea, select, [contenteditable]")) return;
      event.preventDefault();
      setSkip(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [spinning]);

  const dialChance = roll ? roll.result.upgrade.chanceTickets : (quoteShown?.chanceTickets ?? null);

  return (
    <div className="upgrader">
      <section className="card stack upgrader-stake" aria-labelledby="upgrader-stake-title">
        <div className="upgrader-section-head">
          <h2 id="upgrader-stake-title">1. Your stake</h2>
          <p className="small-text muted" data-testid="upgrader-stake-total">
            {stake.length} of {MAX_UPGRADE_STAKE} items · <Money amount={stakeValue} />
          </p>
        </div>
        {held.isPending ? (
          <p className="muted">
            <span className="spinner" aria-hidden="true" /> Loading your items…
          </p>
        ) : held.isError && items.length === 0 ? (
          <ErrorAlert error={held.error} />
        ) : items.length === 0 ? (
          <p className="empty">
            No items to stake yet — <Link href="/">open a pack</Link>.
          </p>
        ) : (
          <fieldset className="upgrader-items" disabled={busy}>
            <legend className="visually-hidden">Items to stake (up to {MAX_UPGRADE_STAKE})</legend>
            <ul className="upgrader-item-list">
              {items.map((item) => {
                const checked = stakeIds.has(item.id);
                return (
                  <li key={item.id} className={`upgrader-item rarity-border-${item.rarity}${checked ? " is-selected" : ""}`}>
                    <label data-testid="stake-item">
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && stakeIds.size >= MAX_UPGRADE_STAKE}
                        onChange={() => toggle(item.id)}
                      />
                      <img src={item.image} alt="" width={40} height={40} loading="lazy" />
                      <span className="upgrader-item-name clamp-2">{item.name}</span>
                      <Money amount={item.value} />
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <LoadMoreButton hasMore={held.hasNextPage} loading={held.isFetchingNextPage} onLoadMore={() => void held.fetchNextPage()} />
      </section>

      <section className="card stack upgrader-target" aria-labelledby="upgrader-target-title">
        <div className="upgrader-section-head">
          <h2 id="upgrader-target-title">2. Your target</h2>
          <p className="small-text muted" data-testid="upgrader-target-chosen">
            {target ? (
              <>
                {target.name} · <Money amount={target.value} />
              </>
            ) : (
              "Pick an item worth more than the stake."
            )}
          </p>
        </div>
        <TargetPicker
          picked={new Map(target ? [[target.id, 1]] : [])}
          disabled={busy}
          actionLabel={(candidate) => (candidate.id === target?.id ? "Chosen" : "Choose")}
          onPick={(candidate) => {
            setRoll((current) => (current?.landed ? null : current));
            setTarget(candidate.id === target?.id ? null : candidate);
          }}
        />
      </section>

      <section className="card stack upgrader-roll" aria-labelledby="upgrader-roll-title" ref={dialRef}>
        <h2 id="upgrader-roll-title">3. The chance</h2>
        <div className="upgrader-dial-row">
          <div className="upgrader-dial" onClick={() => spinning && setSkip(true)}>
            <UpgradeDial
              chanceTickets={dialChance}
              roll={roll ? { ticket: roll.result.upgrade.ticket, won: roll.result.upgrade.won, landed: roll.landed } : null}
              skip={skip}
              onLanded={markLanded}
            />
          </div>
          <dl className="facts upgrader-quote" data-testid="upgrader-quote">
            <div>
              <dt>Chance</dt>
              <dd className="num" data-testid="upgrader-chance">
                {quoteShown ? `${quoteShown.chance} %` : "—"}
              </dd>
            </div>
            <div>
              <dt>Stake</dt>
              <dd>{quoteShown ? <Money amount={quoteShown.stakeValue} /> : "—"}</dd>
            </div>
            <div>
              <dt>Target</dt>
              <dd>{quoteShown ? <Money amount={quoteShown.targetValue} /> : "—"}</dd>
            </div>
            <div>
              <dt>Expected value</dt>
              <dd>{quoteShown ? <Money amount={quoteShown.expectedValue} /> : "—"}</dd>
            </div>
            <div>
              <dt>House edge</dt>
              <dd className="num">{quoteShown ? `${quoteShown.edgeBps / 100} %` : "—"}</dd>
            </div>
          </dl>
        </div>
        {stake.length > 0 && target && quote.isError && <UpgradeError error={quote.error} testId="upgrader-quote-error" />}
        <div className="upgrader-actions">
          <button
            type="button"
            className="button big"
            aria-disabled={busy || !quoteShown ? true : undefined}
            onClick={() => {
              if (!busy && quoteShown) void upgrade();
            }}
            data-testid="upgrade-button"
          >
            {rolling ? (
              <>
                <span className="spinner" aria-hidden="true" /> Upgrading…
              </>
            ) : spinning ? (
              "Rolling…"
            ) : quoteShown ? (
              `Upgrade ${displayMoney(quoteShown.stakeValue)} for a ${quoteShown.chance} % chance`
            ) : (
              "Upgrade"
            )}
          </button>
          {spinning && (
            <button type="button" className="button ghost small" onClick={() => setSkip(true)}>
              Skip
            </button>
          )}
        </div>
        <p className="small-text muted">
          {spinning
            ? "Space, Esc or the Skip button stops the needle at the result."
            : "The needle stops at your ticket of 100000: inside the green zone, you win the target; outside, the stake is gone."}
        </p>
        <UpgradeError error={error} testId="upgrade-error" />

        <div role="status" className="visually-hidden">
          {roll?.landed
            ? roll.result.upgrade.won
              ? `Won: ${roll.targetName} (${displayMoney(roll.result.upgrade.targetValue)}).`
              : `Lost: the stake of ${displayMoney(roll.result.upgrade.stakeValue)}.`
            : ""}
        </div>
        {roll?.landed && (
          <div className={`upgrader-result alert ${roll.result.upgrade.won ? "success" : "warn"}`} data-testid="upgrade-result">
            <h3 ref={resultHeadingRef} tabIndex={-1}>
              {roll.result.upgrade.won ? `You won ${roll.targetName}` : "Not this time"}
            </h3>
            <p>
              {roll.result.upgrade.won ? (
                <>
                  <Money amount={roll.result.upgrade.targetValue} /> is in your <Link href="/inventory">inventory</Link>, from a stake of{" "}
                  <Money amount={roll.result.upgrade.stakeValue} />.
                </>
              ) : (
                <>
                  The stake of <Money amount={roll.result.upgrade.stakeValue} /> is gone: ticket {roll.result.upgrade.ticket} is above the{" "}
                  {roll.result.upgrade.chanceTickets} tickets that win.
                </>
              )}
            </p>
            <UpgradeFairness result={roll.result} name={roll.targetName} />
          </div>
        )}
      </section>
    </div>
  );
}
