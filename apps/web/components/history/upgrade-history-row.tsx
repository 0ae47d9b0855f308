import Link from "next/link";
import type { UpgradeEntry } from "@prizepacks/core";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { LocalTime } from "../ui/local-time";
import { Money } from "../ui/money";
import { upgradeVerifyHref } from "../upgrader/upgrade-fairness";

/** One upgrade on one line, as a HistoryRow: the target, staked, won, net, Verify; the roll's data behind a disclosure. */
export function UpgradeHistoryRow({ upgrade }: { upgrade: UpgradeEntry }) {
  const { fairness } = upgrade;
  const won = upgrade.won ? upgrade.targetValue : "0.00";
  const net = centsToMoney(moneyToCents(won) - moneyToCents(upgrade.stakeValue));
  return (
    <li data-testid="history-upgrade-row" className={`card history-row rarity-border-${upgrade.target.rarity}`}>
      <div className="history-row-main">
        <img src={upgrade.target.image} alt="" width={48} height={48} loading="lazy" className="history-row-image" />
        <div className="history-row-what">
          <h2 className="history-row-item">
            Upgrade to {upgrade.target.name}{" "}
            <span className={`fairness-badge ${upgrade.won ? "positive" : "negative"}`}>{upgrade.won ? "Won" : "Lost"}</span>
          </h2>
          <p className="muted small-text">
            <LocalTime iso={upgrade.createdAt} /> · {upgrade.stake.length} {upgrade.stake.length === 1 ? "item" : "items"} staked ·{" "}
            {upgrade.chance} % chance
          </p>
        </div>
        <dl className="facts history-row-money">
          <div>
            <dt>Staked</dt>
            <dd>
              <Money amount={upgrade.stakeValue} />
            </dd>
          </div>
          <div>
            <dt>Won</dt>
            <dd>
              <Money amount={won} />
            </dd>
          </div>
          <div>
            <dt>Net</dt>
            <dd>
              <Money amount={net} signed />
            </dd>
          </div>
        </dl>
        <Link
          href={upgradeVerifyHref({ ...fairness, chanceTickets: upgrade.chanceTickets, ticket: upgrade.ticket })}
          className="button small ghost history-row-verify"
        >
          Verify
          <span className="visually-hidden">
            {" "}
            the upgrade to {upgrade.target.name} (nonce {fairness.nonce})
          </span>
        </Link>
      </div>
      <details className="history-row-details small-text">
        <summary>
          Fairness data<span className="visually-hidden"> of the upgrade to {upgrade.target.name}</span>
        </summary>
        <dl className="facts history-row-fairness">
          <div>
            <dt>Nonce</dt>
            <dd className="mono">{fairness.nonce}</dd>
          </div>
          <div>
            <dt>Ticket</dt>
            <dd className="mono">
              {upgrade.ticket} of ≤ {upgrade.chanceTickets}
            </dd>
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
        </dl>
      </details>
    </li>
  );
}
