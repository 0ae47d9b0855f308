import Link from "next/link";
import type { SpinHistoryEntry } from "@prizepacks/core";
import { LocalTime } from "./local-time";
import { Money } from "./money";

/** The /fairness verifier, pre-filled with this draw (the server seed only once it is revealed) and what it gave, for a verdict. */
function verifyHref(spin: SpinHistoryEntry): string {
  const params = new URLSearchParams();
  if (spin.fairness.serverSeed) params.set("serverSeed", spin.fairness.serverSeed);
  params.set("clientSeed", spin.fairness.clientSeed);
  params.set("nonce", String(spin.fairness.nonce));
  params.set("pack", spin.pack.slug);
  params.set("serverSeedHash", spin.fairness.serverSeedHash);
  params.set("oddsHash", spin.fairness.oddsHash);
  params.set("item", spin.item.id);
  return `/fairness?${params.toString()}`;
}

/** One opening: what was paid and won, and the data to verify the draw. */
export function HistoryRow({ spin }: { spin: SpinHistoryEntry }) {
  const { fairness } = spin;
  return (
    <li data-testid="history-row" className={`card history-row rarity-border-${spin.item.rarity}`}>
      <div className="history-row-main">
        <img src={spin.item.image} alt={spin.item.name} width={64} height={64} loading="lazy" className="history-row-image" />
        <div className="history-row-what">
          <h2 className="history-row-item">
            {spin.item.name} <span className={`rarity rarity-${spin.item.rarity}`}>{spin.item.rarity}</span>
          </h2>
          <p className="muted small-text">
            <LocalTime iso={spin.createdAt} /> · <Link href={`/packs/${spin.pack.slug}`}>{spin.pack.name}</Link>
          </p>
        </div>
        <dl className="history-row-money">
          <div>
            <dt>Value</dt>
            <dd>
              <Money amount={spin.item.value} />
            </dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>
              <Money amount={spin.price} />
            </dd>
          </div>
        </dl>
      </div>
      <dl className="history-row-fairness small-text">
        <div>
          <dt>Nonce</dt>
          <dd className="mono">{fairness.nonce}</dd>
        </div>
        <div>
          <dt>Result</dt>
          <dd className="mono">{fairness.result}</dd>
        </div>
        <div>
          <dt>Client seed</dt>
          <dd className="mono break">{fairness.clientSeed}</dd>
        </div>
        <div className="history-row-wide">
          <dt>Server seed hash</dt>
          <dd className="mono break">{fairness.serverSeedHash}</dd>
        </div>
        <div className="history-row-wide">
          <dt>Server seed</dt>
          <dd className={fairness.serverSeed ? "mono break" : "muted"}>{fairness.serverSeed ?? "revealed after you rotate your seed"}</dd>
        </div>
      </dl>
      <div className="history-row-actions">
        <details className="history-row-details small-text">
          <summary>Hash and odds</summary>
          <dl>
            <dt>Hash</dt>
            <dd className="mono break">{fairness.hash}</dd>
            <dt>Odds hash (version {fairness.oddsVersion})</dt>
            <dd className="mono break">{fairness.oddsHash}</dd>
          </dl>
        </details>
        <Link href={verifyHref(spin)} className="button small ghost">
          Verify
          <span className="visually-hidden">
            {" "}
            the draw of {spin.item.name} (nonce {fairness.nonce})
          </span>
        </Link>
      </div>
    </li>
  );
}
