"use client";
import Link from "next/link";
import { forwardRef } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/shared";
import { celebrationFor } from "../lib/open-outcome";
import { Money } from "./money";

export type OpenResult = RouterOutputs["packs"]["open"];

export function verifyDrawHref(result: OpenResult, slug: string): string {
  const query = new URLSearchParams({
    nonce: String(result.fairness.nonce),
    clientSeed: result.fairness.clientSeed,
    serverSeedHash: result.fairness.serverSeedHash,
    pack: slug,
  });
  return `/fairness?${query.toString()}`;
}

export type SaleState = { kind: "idle" } | { kind: "selling" } | { kind: "sold"; message: string } | { kind: "failed"; message: string };

/** Net of a value against a price: "+$3.00" or "-$1.49", with its colour class. */
function Net({ cents, testId }: { cents: bigint; testId?: string }) {
  return (
    <span data-testid={testId}>
      <Money amount={centsToMoney(cents)} signed className={cents > 0n ? "positive" : cents < 0n ? "negative" : ""} />
    </span>
  );
}

/**
 * One compact summary of what an open of 1–5 packs won: each item with its net against the
 * price, the totals, "Sell these" and "Open again"; each draw's fairness data behind a disclosure.
 */
export const OpenSummary = forwardRef<
  HTMLHeadingElement,
  { results: OpenResult[]; price: string; slug: string; sale: SaleState; busy: boolean; onSell: () => void; onOpenAgain: () => void }
>(function OpenSummary({ results, price, slug, sale, busy, onSell, onOpenAgain }, headingRef) {
  const priceCents = moneyToCents(price);
  const totalValueCents = results.reduce((sum, result) => sum + moneyToCents(result.item.value), 0n);
  const totalPriceCents = priceCents * BigInt(results.length);
  const netCents = totalValueCents - totalPriceCents;
  const celebration = celebrationFor(centsToMoney(totalValueCents), centsToMoney(totalPriceCents));
  const single = results.length === 1;
  const sold = sale.kind === "sold";

  return (
    <section className={`card stack open-summary celebrate-${celebration}`} aria-labelledby="open-summary-title" data-testid="open-summary">
      <h3 id="open-summary-title" ref={headingRef} tabIndex={-1} className="open-summary-title">
        {celebration > 0
          ? single
            ? "You won!"
            : `${results.length} packs: you won ${displayMoney(centsToMoney(netCents))} more than you paid`
          : single
            ? "You got"
            : `${results.length} packs opened`}
      </h3>
      <ul className={`open-summary-items open-summary-items-${results.length}`}>
        {results.map((result) => {
          const itemNet = moneyToCents(result.item.value) - priceCents;
          return (
            <li key={result.spin.id}>
              <article
                className={`open-result rarity-border-${result.item.rarity}`}
                data-testid="open-result"
                aria-label={`You won ${result.item.name}`}
              >
                <img className="open-result-image" src={result.item.image} alt="" width={96} height={96} />
                <div className="open-result-summary">
                  <h4 className="open-result-name">{result.item.name}</h4>
                  <p className="open-result-meta">
                    <span className={`rarity rarity-${result.item.rarity}`}>{result.item.rarity}</span>
                    <span>
                      <span className="visually-hidden">Value </span>
                      <span data-testid="open-result-value">
                        <Money amount={result.item.value} />
                      </span>
                    </span>
                    <span className="small-text">
                      <span className="visually-hidden">Net </span>
                      <Net cents={itemNet} testId="open-result-net" />
                    </span>
                  </p>
                  <details className="open-result-fairness small-text">
                    <summary>Fairness data</summary>
                    <dl className="open-result-proof mono">
                      <dt>serverSeedHash</dt>
                      <dd className="break">{result.fairness.serverSeedHash}</dd>
                      <dt>clientSeed</dt>
                      <dd className="break">{result.fairness.clientSeed}</dd>
                      <dt>nonce</dt>
                      <dd>{result.fairness.nonce}</dd>
                      <dt>hash</dt>
                      <dd className="break">{result.fairness.hash}</dd>
                      <dt>result</dt>
                      <dd>{result.spin.result}</dd>
                      <dt>oddsHash</dt>
                      <dd className="break">{result.fairness.oddsHash}</dd>
                    </dl>
                    <Link href={verifyDrawHref(result, slug)}>Verify this draw</Link>
                  </details>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <dl className="open-summary-totals">
        <div>
          <dt>{single ? "Value" : "Total value"}</dt>
          <dd data-testid="summary-total-value">
            <Money amount={centsToMoney(totalValueCents)} />
          </dd>
        </div>
        <div>
          <dt>{single ? "Price" : "Total price"}</dt>
          <dd data-testid="summary-total-price">
            <Money amount={centsToMoney(totalPriceCents)} />
          </dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>
            <Net cents={netCents} testId="summary-net" />
          </dd>
        </div>
      </dl>
      <div className="row open-summary-actions">
        <button type="button" className="button" disabled={busy || sold || sale.kind === "selling"} onClick={onSell}>
          {sale.kind === "selling" ? "Selling…" : `${single ? "Sell it" : "Sell these"} for ${displayMoney(centsToMoney(totalValueCents))}`}
        </button>
        <button type="button" className="button ghost" disabled={busy} onClick={onOpenAgain}>
          Open again
        </button>
        <Link href="/inventory" className="small-text">
          Go to inventory
        </Link>
      </div>
    </section>
  );
});
