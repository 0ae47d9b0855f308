"use client";
import Link from "next/link";
import { forwardRef } from "react";
import type { RouterOutputs } from "@prizepacks/api";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { celebrationFor, outcomeVerb } from "../../lib/open-outcome";
import { Money } from "../ui/money";
import { OpenFairnessDialog } from "../fairness/open-fairness-dialog";

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

/** Net of a value against a price: "+$3.00", "-$1.49" or a neutral "$0.00". */
function Net({ cents, testId }: { cents: bigint; testId?: string }) {
  return (
    <span data-testid={testId}>
      <Money amount={centsToMoney(cents)} signed />
    </span>
  );
}

/**
 * One compact summary of what an open of 1–5 packs won: each item with its net against the
 * price, the totals, "Sell these" and "Open again" (when it cannot, it says why); each draw's
 * fairness data in a dialog. Once sold, every item and the button say "Sold".
 */
export const OpenSummary = forwardRef<
  HTMLHeadingElement,
  {
    results: OpenResult[];
    price: string;
    slug: string;
    sale: SaleState;
    /** Why "Open again" cannot run now, or null when it can. */
    openAgainBlocked: string | null;
    onSell: () => void;
    onOpenAgain: () => void;
  }
>(function OpenSummary({ results, price, slug, sale, openAgainBlocked, onSell, onOpenAgain }, headingRef) {
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
                aria-label={`${outcomeVerb(result.item.value, price)} ${result.item.name}${sold ? " (sold)" : ""}`}
              >
                <img className="open-result-image" src={result.item.image} alt="" width={96} height={96} />
                <div className="open-result-summary">
                  <h4 className="open-result-name">{result.item.name}</h4>
                  <p className="open-result-meta">
                    <span className={`rarity rarity-${result.item.rarity}`}>{result.item.rarity}</span>
                    {sold && (
                      <span className="sold-badge" data-testid="open-result-sold">
                        Sold
                      </span>
                    )}
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
                  <OpenFairnessDialog result={result} verifyHref={verifyDrawHref(result, slug)} />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <dl className="facts open-summary-totals">
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
        <button type="button" className="button" disabled={sold || sale.kind === "selling"} onClick={onSell}>
          {sold
            ? single
              ? "Sold"
              : `All ${results.length} sold`
            : sale.kind === "selling"
              ? "Selling…"
              : `${single ? "Sell it" : "Sell these"} for ${displayMoney(centsToMoney(totalValueCents))}`}
        </button>
        <button
          type="button"
          className="button ghost"
          aria-disabled={openAgainBlocked ? true : undefined}
          aria-describedby={openAgainBlocked ? "open-again-blocked" : undefined}
          onClick={() => {
            if (!openAgainBlocked) onOpenAgain();
          }}
        >
          Open again
        </button>
        <Link href="/inventory" className="small-text">
          Go to inventory
        </Link>
      </div>
      {openAgainBlocked && (
        <p id="open-again-blocked" className="small-text muted open-again-blocked" data-testid="open-again-blocked">
          {openAgainBlocked} <Link href="/wallet">Add funds</Link>
        </p>
      )}
    </section>
  );
});
