import Link from "next/link";
import type { RouterOutputs } from "@prizepacks/api";

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

/** What one opening won, the balance after it, and everything needed to verify the draw. */
export function OpenResultCard({ result, slug }: { result: OpenResult; slug: string }) {
  const { item, fairness } = result;
  return (
    <article className={`card open-result rarity-border-${item.rarity}`} data-testid="open-result" aria-label={`You won ${item.name}`}>
      <div className="open-result-main">
        <img className="open-result-image" src={item.image} alt={item.name} width={112} height={112} />
        <div className="stack open-result-summary">
          <p className="muted small-text">You won</p>
          <h3 className="open-result-name">{item.name}</h3>
          <p className="row">
            <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span>
            <span>
              Value <span className="money">{item.value}</span>
            </span>
          </p>
          <p className="small-text">
            Balance now <span className="money positive">{result.balanceAfter.toFixed(2)}</span>
          </p>
        </div>
      </div>
      <div className="open-result-fairness">
        <h4 className="small-text muted">Fairness data</h4>
        <dl className="open-result-proof mono small-text">
          <dt>serverSeedHash</dt>
          <dd className="break">{fairness.serverSeedHash}</dd>
          <dt>clientSeed</dt>
          <dd className="break">{fairness.clientSeed}</dd>
          <dt>nonce</dt>
          <dd>{fairness.nonce}</dd>
          <dt>hash</dt>
          <dd className="break">{fairness.hash}</dd>
          <dt>result</dt>
          <dd>{result.spin.result}</dd>
          <dt>oddsHash</dt>
          <dd className="break">{fairness.oddsHash}</dd>
        </dl>
      </div>
      <p className="row small-text open-result-links">
        <Link href={verifyDrawHref(result, slug)}>Verify this draw</Link>
        <Link href="/inventory">Go to inventory</Link>
      </p>
    </article>
  );
}
