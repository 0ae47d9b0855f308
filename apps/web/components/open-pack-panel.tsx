"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { centsToMoney, moneyToCents, multiplyMoney } from "../lib/money-cents";
import { buildReelStrip, REEL_WIN_INDEX, type ReelItem } from "../lib/reel-strip";
import { queryKeys, trpc } from "../lib/trpc";
import { OpenPackError } from "./open-pack-error";
import { OpenResultCard, type OpenResult } from "./open-result-card";
import { PackReel } from "./pack-reel";

const MAX_PACKS = 5;
const quantities = Array.from({ length: MAX_PACKS }, (_, index) => index + 1);

interface Opening {
  result: OpenResult;
  /** null when motion is reduced: the result is shown without a reel. */
  strip: ReelItem[] | null;
  landed: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function openLabel(quantity: number, price: string): string {
  return `Open ${quantity} ${quantity === 1 ? "pack" : "packs"} for ${multiplyMoney(price, quantity)}`;
}

/**
 * Opens 1–5 packs, one request each (each its own nonce), then plays a reel per opening.
 * Every outcome comes from the server before any reel moves: the reel only shows it.
 */
export function OpenPackPanel({ slug, price, items }: { slug: string; price: string; items: ReelItem[] }) {
  const queryClient = useQueryClient();
  const [quantity, setQuantity] = useState(1);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [openings, setOpenings] = useState<Opening[]>([]);
  const [error, setError] = useState<unknown>(null);

  const spinning = openings.some((opening) => !opening.landed);
  const busy = progress !== null || spinning;
  const allLanded = openings.length > 0 && !spinning;

  async function openPacks() {
    const total = quantity;
    const reducedMotion = prefersReducedMotion();
    const won: Opening[] = [];
    setOpenings([]);
    setError(null);
    for (let done = 0; done < total; done++) {
      setProgress({ done, total });
      try {
        const result = await trpc.packs.open.mutate({ idOrSlug: slug });
        const wonItem = items.find((item) => item.id === result.item.id) ?? { ...result.item, chance: 0 };
        won.push({ result, strip: reducedMotion ? null : buildReelStrip(items, wonItem), landed: reducedMotion });
      } catch (caught) {
        setError(caught);
        break;
      } finally {
        // Money moved (or a refusal may reflect a changed balance): refresh header and lists.
        for (const queryKey of [queryKeys.me, queryKeys.inventory, queryKeys.history, queryKeys.ledger, queryKeys.fairness]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    }
    setOpenings(won);
    setProgress(null);
  }

  const markLanded = useCallback((index: number) => {
    setOpenings((current) => (current[index]?.landed === false ? current.map((opening, i) => (i === index ? { ...opening, landed: true } : opening)) : current));
  }, []);

  const totalWonCents = openings.reduce((sum, opening) => sum + moneyToCents(opening.result.item.value), 0);

  return (
    <section className="card stack open-panel" aria-labelledby="open-panel-title">
      <h2 id="open-panel-title" className="visually-hidden">
        Open this pack
      </h2>
      <div className="open-panel-controls">
        <div className="field">
          <label htmlFor="open-quantity">Packs to open</label>
          <select id="open-quantity" value={quantity} disabled={busy} onChange={(event) => setQuantity(Number(event.target.value))}>
            {quantities.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button big open-panel-button" disabled={busy} onClick={() => void openPacks()}>
          {progress ? (
            <>
              <span className="spinner" aria-hidden="true" /> Opening {progress.total > 1 ? `${progress.done + 1} of ${progress.total}` : "pack"}…
            </>
          ) : spinning ? (
            "Opening…"
          ) : (
            openLabel(quantity, price)
          )}
        </button>
      </div>

      {error !== null && <OpenPackError error={error} />}

      {openings.some((opening) => opening.strip) && (
        <div className="stack open-panel-reels">
          {openings.map((opening, index) =>
            opening.strip ? (
              <PackReel key={opening.result.spin.id} strip={opening.strip} winIndex={REEL_WIN_INDEX} landed={opening.landed} onLanded={() => markLanded(index)} />
            ) : null,
          )}
        </div>
      )}

      <div role="status" className="visually-hidden">
        {allLanded ? `You won ${openings.map((opening) => `${opening.result.item.name} (${opening.result.item.rarity}, ${opening.result.item.value})`).join(", ")}.` : ""}
      </div>

      {allLanded && (
        <div className="stack open-panel-results">
          {openings.length > 1 && (
            <p className="small-text">
              {openings.length} items worth <span className="money">{centsToMoney(totalWonCents)}</span> in total, for{" "}
              <span className="money">{multiplyMoney(price, openings.length)}</span>.
            </p>
          )}
          {openings.map((opening) => (
            <OpenResultCard key={opening.result.spin.id} result={opening.result} slug={slug} />
          ))}
        </div>
      )}
    </section>
  );
}
