"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { centsToMoney, displayMoney, moneyToCents, multiplyMoney } from "@prizepacks/core/contract";
import { holdDrops } from "../../lib/drop-feed";
import { askBeforeWager } from "../../lib/licence-prompts";
import { celebrationFor, outcomeVerb } from "../../lib/open-outcome";
import { usePreference } from "../../lib/player-preferences";
import { buildReelStrip, REEL_WIN_INDEX, type ReelItem } from "../../lib/reel-strip";
import { isRealityCheckDue, useRealityCheckDue } from "../../lib/reality-check";
import { playWin } from "../../lib/reel-sound";
import { errorMessage, queryKeys, trpc } from "../../lib/trpc";
import { useBottomBarRoom } from "../ui/use-bottom-bar-room";
import { OpenPackError } from "./open-pack-error";
import { OpenSummary, type OpenResult, type SaleState } from "./open-summary";
import { PackReel } from "./pack-reel";

const MAX_PACKS = 5;
const quantities = Array.from({ length: MAX_PACKS }, (_, index) => index + 1);

interface Opening {
  result: OpenResult;
  /** null when motion is reduced: the result is shown without a reel. */
  strip: ReelItem[] | null;
  landed: boolean;
  /** A legendary or a win of 10× the price: its reel gets a moment. */
  moment: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function totalValue(results: OpenResult[]): string {
  return centsToMoney(results.reduce((sum, result) => sum + moneyToCents(result.item.value), 0n));
}

function openLabel(quantity: number, price: string): string {
  return `Open ${quantity} ${quantity === 1 ? "pack" : "packs"} for ${displayMoney(multiplyMoney(price, quantity))}`;
}

/**
 * Opens 1–5 packs, one request each (each its own nonce), then plays a reel per opening and
 * sums them up. Every outcome comes from the server before any reel moves: the reel only shows it.
 * Only quantities the balance covers are offered, so no open is charged and then refused.
 */
export function OpenPackPanel({
  slug,
  price,
  items,
  initialBalance,
}: {
  slug: string;
  price: string;
  items: ReelItem[];
  initialBalance: string;
}) {
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: queryKeys.me.get(), queryFn: () => trpc.me.get.query() });
  const balanceCents = moneyToCents(me.data?.balanceString ?? initialBalance);
  const priceCents = moneyToCents(price);
  // Cents are bigints, and a balance is never negative, so the division floors.
  const affordable = priceCents > 0n ? Math.min(MAX_PACKS, Number(balanceCents / priceCents)) : MAX_PACKS;

  const [chosenQuantity, setQuantity] = useState(1);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [openings, setOpenings] = useState<Opening[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [skip, setSkip] = useState(false);
  const [sale, setSale] = useState<SaleState>({ kind: "idle" });
  const [quickOpen, setQuickOpen] = usePreference("quickOpen");
  // A reality check waiting for its acknowledgement pauses opening.
  const realityCheckDue = useRealityCheckDue();
  // React state reaches the button a render later; this closes the gap for a double click.
  const inFlight = useRef(false);
  const saleInFlight = useRef(false);
  const reelsRef = useRef<HTMLDivElement>(null);
  const openBarRef = useRef<HTMLDivElement>(null);
  /** Ends this opening's hold on the drop feed (holdDrops): the feed would show the item before the reel lands on it. */
  const releaseDrops = useRef<(() => void) | null>(null);
  useBottomBarRoom(openBarRef);
  const summaryHeadingRef = useRef<HTMLHeadingElement>(null);
  const saleStatusRef = useRef<HTMLDivElement>(null);

  const spinning = openings.some((opening) => !opening.landed);
  const busy = progress !== null || spinning;
  const allLanded = openings.length > 0 && !spinning;
  // The summary comes the frame the last reel lands: the landed cards carry name and value already.
  const summaryShown = allLanded;
  const quantity = Math.max(1, Math.min(chosenQuantity, Math.max(affordable, 1)));
  const canOpen = affordable >= quantity && !realityCheckDue;
  /** Not even one pack: the bar offers "Add funds" (the wallet, with a way back here) instead of Open. */
  const short = affordable === 0 && !busy;
  const addFundsHref = `/wallet?back=${encodeURIComponent(`/packs/${slug}`)}`;

  async function openPacks(total: number) {
    if (inFlight.current || affordable < total || isRealityCheckDue()) return;
    inFlight.current = true;
    // Before the first paid play, the safer-play page (once per account); closed, nothing opens.
    if (!(await askBeforeWager())) {
      inFlight.current = false;
      return;
    }
    releaseDrops.current?.();
    releaseDrops.current = holdDrops();
    const reducedMotion = prefersReducedMotion();
    const won: Opening[] = [];
    setOpenings([]);
    setError(null);
    setSale({ kind: "idle" });
    setSkip(quickOpen);
    // On a phone Open is pressed in the bottom bar, maybe far down the odds: bring the stage
    // into view, by the least scroll, so the pack above it stays on screen when it can.
    reelsRef.current?.scrollIntoView({ block: "nearest", behavior: reducedMotion ? "auto" : "smooth" });
    try {
      for (let done = 0; done < total; done++) {
        if (isRealityCheckDue()) break; // fell due mid-batch: the rest waits for the acknowledgement
        setProgress({ done, total });
        try {
          const result = await trpc.packs.open.mutate({ idOrSlug: slug });
          const wonItem = items.find((item) => item.id === result.item.id) ?? { ...result.item, chance: 0 };
          const moment = result.item.rarity === "LEGENDARY" || celebrationFor(result.item.value, price) === 3;
          won.push({ result, strip: reducedMotion ? null : buildReelStrip(items, wonItem), landed: reducedMotion, moment });
        } catch (caught) {
          setError(caught);
          break;
        }
      }
    } finally {
      // Money moved (or a refusal may reflect a changed balance): refresh header and lists.
      for (const queryKey of [
        queryKeys.me.get(),
        queryKeys.inventory(),
        queryKeys.history(),
        queryKeys.wallet(),
        queryKeys.fairness.get(),
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      setOpenings(won);
      setProgress(null);
      inFlight.current = false;
      if (won.length === 0) releaseDrops.current?.();
    }
  }

  // The reels mount when the answers are in, below whatever the stage showed when Open was
  // pressed ("Opening…", the welcome box): bring them into view then, above the Open bar.
  const firstResult = openings[0]?.result;
  useEffect(() => {
    if (!firstResult) return;
    reelsRef.current?.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [firstResult]);

  useEffect(() => () => releaseDrops.current?.(), []);

  const markLanded = useCallback((index: number) => {
    setOpenings((current) =>
      current[index]?.landed === false ? current.map((opening, i) => (i === index ? { ...opening, landed: true } : opening)) : current,
    );
  }, []);

  // Once everything has landed: the win sound (only for a real win), and the feed goes on.
  useEffect(() => {
    if (!allLanded) return;
    releaseDrops.current?.();
    const celebration = celebrationFor(totalValue(openings.map((opening) => opening.result)), multiplyMoney(price, openings.length));
    if (celebration !== 0) playWin(celebration);
  }, [allLanded, openings, price]);

  // Space or Esc lands every reel at once, like a click on them. Listening from the commit that
  // shows the reels (a layout effect), not after the paint: a key pressed as they appear counts.
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

  // The focus follows the outcome (the Open button it was on is busy until then).
  useEffect(() => {
    if (summaryShown) summaryHeadingRef.current?.focus();
  }, [summaryShown]);

  async function sellWon() {
    if (saleInFlight.current || sale.kind === "sold") return;
    saleInFlight.current = true;
    setSale({ kind: "selling" });
    try {
      const result = await trpc.inventory.sell.mutate({ inventoryItemIds: openings.map((opening) => opening.result.inventoryItem.id) });
      const count = result.sold.length;
      setSale({
        kind: "sold",
        message: `Sold ${count} ${count === 1 ? "item" : "items"} for ${displayMoney(result.total)}. New balance ${displayMoney(result.balanceAfter)}.`,
      });
    } catch (caught) {
      setSale({ kind: "failed", message: errorMessage(caught) });
    } finally {
      saleInFlight.current = false;
      for (const queryKey of [queryKeys.me.get(), queryKeys.inventory(), queryKeys.wallet()])
        void queryClient.invalidateQueries({ queryKey });
    }
  }

  // After a sale the focus goes to what it says (the sell button it was on is now disabled).
  useEffect(() => {
    if (sale.kind === "sold" || sale.kind === "failed") saleStatusRef.current?.focus();
  }, [sale.kind]);

  const results = openings.map((opening) => opening.result);
  const reels = openings.filter((opening) => opening.strip);

  return (
    <section className="card stack open-panel" aria-labelledby="open-panel-title">
      <h2 id="open-panel-title" className="visually-hidden">
        Open this pack
      </h2>
      <div className="open-bar" data-testid="open-bar" ref={openBarRef}>
        <fieldset className="open-quantity" disabled={busy}>
          <legend>Packs to open</legend>
          <div className="chips">
            {quantities.map((count) => (
              <label
                key={count}
                className={`chip${count === quantity ? " is-selected" : ""}${count > affordable ? " is-unavailable" : ""}`}
              >
                <input
                  type="radio"
                  name="open-quantity"
                  value={count}
                  checked={count === quantity}
                  disabled={count > affordable}
                  onChange={() => setQuantity(count)}
                />
                <span>{count}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {short ? (
          // In the bar, where Open would be: the way to what this pack needs, and back here.
          <Link
            className="button big open-panel-button"
            href={addFundsHref}
            aria-describedby="open-balance-hint"
            data-testid="open-add-funds"
          >
            Add funds to open
          </Link>
        ) : (
          <button
            type="button"
            className="button big open-panel-button"
            aria-disabled={busy || !canOpen ? true : undefined}
            aria-describedby="open-balance-hint"
            onClick={() => {
              if (!busy && canOpen) void openPacks(quantity);
            }}
          >
            {progress ? (
              <>
                <span className="spinner" aria-hidden="true" /> Opening{" "}
                {progress.total > 1 ? `${progress.done + 1} of ${progress.total}` : "pack"}…
              </>
            ) : spinning ? (
              "Opening…"
            ) : (
              openLabel(quantity, price)
            )}
          </button>
        )}
      </div>
      <div className="open-panel-options">
        <p id="open-balance-hint" className="small-text muted" data-testid="open-balance-hint">
          {busy
            ? // Not the balance: it has paid for this opening already, and the reel should hold the eye.
              "Space, Esc or a click on the reel skips to the result."
            : realityCheckDue
              ? "Opening is paused until you continue from the reality check."
              : short
                ? `Your balance (${displayMoney(centsToMoney(balanceCents))}) does not cover this pack.`
                : affordable < MAX_PACKS
                  ? `Your balance covers ${affordable} ${affordable === 1 ? "pack" : "packs"}.`
                  : "Open up to 5 at once; each is its own provably fair draw."}
        </p>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={quickOpen}
            onChange={(event) => setQuickOpen(event.target.checked)}
            data-testid="quick-open-switch"
          />
          <span>Quick open</span>
        </label>
      </div>

      {error !== null && <OpenPackError error={error} slug={slug} />}

      <div className="open-stage" ref={reelsRef}>
        {/* Several reels give way to the summary, so reels and then results each fit one screen; one reel stays above its result. */}
        {reels.length > 0 && !(summaryShown && reels.length > 1) && (
          <div
            className={`open-panel-reels reels-${reels.length}`}
            onClick={() => setSkip(true)}
            title={spinning ? "Click to skip" : undefined}
            data-testid="reels"
          >
            {openings.map((opening, index) =>
              opening.strip ? (
                <PackReel
                  key={opening.result.spin.id}
                  strip={opening.strip}
                  winIndex={REEL_WIN_INDEX}
                  landed={opening.landed}
                  skip={skip}
                  compact={reels.length > 1}
                  moment={opening.moment}
                  onLanded={() => markLanded(index)}
                />
              ) : null,
            )}
            {spinning && (
              <button type="button" className="button ghost small reel-skip" onClick={() => setSkip(true)}>
                Skip
              </button>
            )}
          </div>
        )}

        <div role="status" className="visually-hidden">
          {allLanded && summaryShown
            ? `${outcomeVerb(totalValue(results), multiplyMoney(price, results.length))} ${results.map((result) => `${result.item.name} (${result.item.rarity}, ${displayMoney(result.item.value)})`).join(", ")}.`
            : ""}
        </div>

        {allLanded && summaryShown && (
          <OpenSummary
            ref={summaryHeadingRef}
            results={results}
            price={price}
            slug={slug}
            sale={sale}
            openAgainBlocked={
              affordable >= openings.length
                ? null
                : affordable === 0
                  ? `Your balance (${displayMoney(centsToMoney(balanceCents))}) does not cover another pack.`
                  : `Your balance covers ${affordable} more ${affordable === 1 ? "pack" : "packs"}, not ${openings.length}.`
            }
            onSell={() => void sellWon()}
            onOpenAgain={() => void openPacks(openings.length)}
          />
        )}
        <div ref={saleStatusRef} tabIndex={-1} role="status" className="open-sale-status">
          {sale.kind === "sold" && <p className="alert success">{sale.message}</p>}
          {sale.kind === "failed" && <p className="alert error">{sale.message}</p>}
        </div>
      </div>
    </section>
  );
}
