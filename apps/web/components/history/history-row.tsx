import Link from "next/link";
import type { SpinHistoryEntry } from "@prizepacks/core";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { LocalTime } from "../ui/local-time";
import { Money } from "../ui/money";

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
  // Once logged, the verifier also checks the draw's inclusion in the transparency log.
  if (spin.leafIndex !== null) {
    params.set("logKind", "open");
    params.set("logId", spin.id);
  }
  return `/fairness?${params.toString()}`;
}

/** The net of one opening or of many: what the items were worth minus what was paid. */
function netOf(won: string, paid: string): string {
  return centsToMoney(moneyToCents(won) - moneyToCents(paid));
}

/** One opening on one line (item, pack, time, paid, won, net, Verify); the draw's data behind a disclosure. */
export function HistoryRow({ spin }: { spin: SpinHistoryEntry }) {
  const { fairness } = spin;
  const net = netOf(spin.item.value, spin.price);
  return (
    <li data-testid="history-row" className={`card history-row rarity-border-${spin.item.rarity}`}>
      <div className="history-row-main">
        <img src={spin.item.image} alt="" width={48} height={48} loading="lazy" className="history-row-image" />
        <div className="history-row-what">
          <h2 className="history-row-item">
            {spin.item.name} <span className={`rarity rarity-${spin.item.rarity}`}>{spin.item.rarity}</span>
          </h2>
          <p className="muted small-text">
            <LocalTime iso={spin.createdAt} /> · <Link href={`/packs/${spin.pack.slug}`}>{spin.pack.name}</Link>
          </p>
        </div>
        <dl className="facts history-row-money">
          <div>
            <dt>Paid</dt>
            <dd>
              <Money amount={spin.price} />
            </dd>
          </div>
          <div>
            <dt>Won</dt>
            <dd>
              <Money amount={spin.item.value} />
            </dd>
          </div>
          <div>
            <dt>Net</dt>
            <dd data-testid="history-row-net">
              <Money amount={net} signed />
            </dd>
          </div>
        </dl>
        <Link href={verifyHref(spin)} className="button small ghost history-row-verify">
          Verify
          <span className="visually-hidden">
            {" "}
            the draw of {spin.item.name} (nonce {fairness.nonce})
          </span>
        </Link>
      </div>
      <details className="history-row-details small-text">
        <summary>
          Fairness data<span className="visually-hidden"> of the draw of {spin.item.name}</span>
        </summary>
        <dl className="facts history-row-fairness">
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
          <div className="history-row-wide">
            <dt>Hash</dt>
            <dd className="mono break">{fairness.hash}</dd>
          </div>
          <div className="history-row-wide">
            <dt>Odds hash (version {fairness.oddsVersion})</dt>
            <dd className="mono break">{fairness.oddsHash}</dd>
          </div>
        </dl>
      </details>
    </li>
  );
}
