import Link from "next/link";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import { UpgradeReportChart } from "../../../../components/admin/report-chart";
import { reportRange, ReportRangeForm } from "../../../../components/admin/report-range";
import { GameSettingsForms } from "../../../../components/admin/game-settings";
import { UpgradeSimulation } from "../../../../components/admin/upgrade-simulation";
import { ErrorAlert } from "../../../../components/ui/error-alert";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Upgrader and exchange" };

type Report = RouterOutputs["admin"]["reports"]["upgrades"];

const percent = (value: string | null) => (value === null ? "–" : `${value}%`);
const bps = (value: number) => `${(value / 100).toFixed(2)}%`;

/** The house's edge: shown in red when the house gave away more than it took. */
function Edge({ percent: value, testId }: { percent: string | null; testId?: string }) {
  return (
    <span data-testid={testId} className={value?.startsWith("-") ? "report-negative" : undefined}>
      {percent(value)}
    </span>
  );
}

export default async function UpgraderReportPage({ searchParams }: { searchParams: Promise<{ from?: string; to?: string }> }) {
  const { from, to } = reportRange(await searchParams);
  const api = await adminApi();
  const report: Report | { error: string } = await api.admin.reports
    .upgrades({ from, to })
    .catch((error: unknown) => ({ error: (error as Error).message }));
  return (
    <>
      <div className="page-header">
        <h1>Upgrader and exchange</h1>
        <Link href={`/admin/reports?${new URLSearchParams({ from, to }).toString()}`} className="small-text">
          Openings reports
        </Link>
      </div>
      <p className="muted small-text">UTC days, site-wide (a stake may span packs), read live from the upgrades and exchanges.</p>
      <ReportRangeForm action="/admin/reports/upgrader" from={from} to={to} />
      {"error" in report ? <ErrorAlert error={report.error} /> : <Figures report={report} />}
      {!("error" in report) && <GameSettingsForms current={report.settings} />}
      <UpgradeSimulation />
    </>
  );
}

function Figures({ report }: { report: Report }) {
  const { settings, upgrades, exchanges } = report;
  return (
    <>
      <dl className="facts fact-cards admin-figures" data-testid="upgrade-settings">
        <div>
          <dt>Edge in force</dt>
          <dd>{bps(settings.upgradeEdgeBps)}</dd>
        </div>
        <div>
          <dt>Chance cap</dt>
          <dd>{(settings.upgradeCapTickets / 1000).toFixed(3)}%</dd>
        </div>
        <div>
          <dt>Exchange fee</dt>
          <dd>{bps(settings.exchangeFeeBps)}</dd>
        </div>
      </dl>

      <section className="stack" aria-labelledby="upgrades-heading">
        <h2 id="upgrades-heading">Upgrades</h2>
        <dl className="facts fact-cards admin-figures" data-testid="upgrade-total">
          <div>
            <dt>Upgrades</dt>
            <dd data-testid="upgrade-count">
              {upgrades.total.upgrades.toLocaleString("en-US")}{" "}
              <span className="muted small-text">({upgrades.total.wins.toLocaleString("en-US")} won)</span>
            </dd>
          </div>
          <div>
            <dt>Value staked</dt>
            <dd data-testid="upgrade-staked">{displayMoney(upgrades.total.stakeValue)}</dd>
          </div>
          <div>
            <dt>Value won</dt>
            <dd data-testid="upgrade-won">{displayMoney(upgrades.total.wonValue)}</dd>
          </div>
          <div>
            <dt>Realised edge</dt>
            <dd>
              <Edge percent={upgrades.total.realisedEdgePercent} testId="upgrade-realised-edge" />
            </dd>
          </div>
          <div>
            <dt>Edge of the chances</dt>
            <dd data-testid="upgrade-expected-edge">{percent(upgrades.total.expectedEdgePercent)}</dd>
          </div>
          <div>
            <dt>Win rate</dt>
            <dd>
              {percent(upgrades.total.winRatePercent)}{" "}
              <span className="muted small-text">(chances {percent(upgrades.total.meanChancePercent)} on average)</span>
            </dd>
          </div>
        </dl>
        <p className="muted small-text">
          Realised edge = 1 − value won ÷ value staked (a win pays the target&apos;s value). The edge of the chances is the same with chance
          × target in place of what was won: at or above the configured edge, as a chance is rounded down to a ticket and held at the cap.
          Over few upgrades the realised edge swings widely around it.
        </p>
        {upgrades.byEdge.length > 0 && (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Upgrades per configured edge" data-testid="upgrade-by-edge">
            <table>
              <thead>
                <tr>
                  <th>Configured edge</th>
                  <th className="num">Upgrades</th>
                  <th className="num">Staked</th>
                  <th className="num">Won</th>
                  <th className="num">Realised edge</th>
                  <th className="num">Edge of the chances</th>
                </tr>
              </thead>
              <tbody>
                {upgrades.byEdge.map((row) => (
                  <tr key={row.edgeBps}>
                    <td>{bps(row.edgeBps)}</td>
                    <td className="num">{row.upgrades.toLocaleString("en-US")}</td>
                    <td className="num">{displayMoney(row.stakeValue)}</td>
                    <td className="num">{displayMoney(row.wonValue)}</td>
                    <td className="num">
                      <Edge percent={row.realisedEdgePercent} />
                    </td>
                    <td className="num">{percent(row.expectedEdgePercent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>Per day</h3>
        <UpgradeReportChart days={upgrades.byDay} />
        {upgrades.byDay.length > 0 && (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Upgrades per day" data-testid="upgrade-by-day">
            <table>
              <thead>
                <tr>
                  <th>Day (UTC)</th>
                  <th className="num">Upgrades</th>
                  <th className="num">Staked</th>
                  <th className="num">Won</th>
                  <th className="num">Realised edge</th>
                </tr>
              </thead>
              <tbody>
                {[...upgrades.byDay].reverse().map((row) => (
                  <tr key={row.day}>
                    <td>{row.day}</td>
                    <td className="num">{row.upgrades.toLocaleString("en-US")}</td>
                    <td className="num">{displayMoney(row.stakeValue)}</td>
                    <td className="num">{displayMoney(row.wonValue)}</td>
                    <td className="num">
                      <Edge percent={row.realisedEdgePercent} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>Biggest wins</h3>
        {upgrades.biggestWins.length === 0 ? (
          <p className="empty muted">No upgrade won in this range.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Biggest upgrade wins" data-testid="upgrade-biggest-wins">
            <table>
              <thead>
                <tr>
                  <th>When (UTC)</th>
                  <th>Account</th>
                  <th>Target</th>
                  <th className="num">Stake → target</th>
                  <th className="num">Multiplier</th>
                  <th className="num">Chance</th>
                </tr>
              </thead>
              <tbody>
                {upgrades.biggestWins.map((win) => (
                  <tr key={win.upgradeId}>
                    <td>{win.createdAt.slice(0, 16).replace("T", " ")}</td>
                    <td>
                      <Link href={`/admin/accounts/${win.userId}`} className="break">
                        {win.name || win.email}
                      </Link>
                    </td>
                    <td className="break">{win.targetName}</td>
                    <td className="num">
                      {displayMoney(win.stakeValue)} → {displayMoney(win.targetValue)}
                    </td>
                    <td className="num">×{win.multiplier}</td>
                    <td className="num">{win.chance}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="stack" aria-labelledby="exchanges-heading">
        <h2 id="exchanges-heading">Exchanges</h2>
        <dl className="facts fact-cards admin-figures" data-testid="exchange-total">
          <div>
            <dt>Exchanges</dt>
            <dd data-testid="exchange-count">{exchanges.total.exchanges.toLocaleString("en-US")}</dd>
          </div>
          <div>
            <dt>Value given</dt>
            <dd>{displayMoney(exchanges.total.givenValue)}</dd>
          </div>
          <div>
            <dt>Value taken</dt>
            <dd>{displayMoney(exchanges.total.receivedValue)}</dd>
          </div>
          <div>
            <dt>Cash paid</dt>
            <dd>{displayMoney(exchanges.total.cashPaid)}</dd>
          </div>
          <div>
            <dt>Fees kept</dt>
            <dd data-testid="exchange-fees-kept">
              {displayMoney(exchanges.total.feesKept)}{" "}
              <span className="muted small-text">({percent(exchanges.total.keptPercent)} of given)</span>
            </dd>
          </div>
        </dl>
        <p className="muted small-text">
          Fees kept = value given − value taken − cash paid: the fee, plus the fractions of a cent the cash is rounded down by.
        </p>
        {exchanges.byDay.length > 0 && (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Exchanges per day and fee" data-testid="exchange-by-day">
            <table>
              <thead>
                <tr>
                  <th>Day (UTC)</th>
                  <th className="num">Exchanges</th>
                  <th className="num">Given</th>
                  <th className="num">Cash paid</th>
                  <th className="num">Fees kept</th>
                </tr>
              </thead>
              <tbody>
                {[...exchanges.byDay].reverse().map((row) => (
                  <tr key={row.day}>
                    <td>{row.day}</td>
                    <td className="num">{row.exchanges.toLocaleString("en-US")}</td>
                    <td className="num">{displayMoney(row.givenValue)}</td>
                    <td className="num">{displayMoney(row.cashPaid)}</td>
                    <td className="num">{displayMoney(row.feesKept)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {exchanges.byFee.length > 1 && (
          <ul className="small-text" data-testid="exchange-by-fee">
            {exchanges.byFee.map((row) => (
              <li key={row.feeBps}>
                At a {bps(row.feeBps)} fee: {row.exchanges} exchanges, {displayMoney(row.feesKept)} kept ({percent(row.keptPercent)} of{" "}
                {displayMoney(row.givenValue)} given).
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
