import Link from "next/link";
import { MARGIN_FORMULA } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { reportRange } from "../../../components/admin/report-range";
import { HourlyChart, ReportChart } from "../../../components/admin/report-chart";
import { ErrorAlert } from "../../../components/ui/error-alert";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Reports" };

/** The hourly table shows at most this many hours (the chart shows them all). */
const HOURLY_ROWS = 24;

type Search = { from?: string; to?: string; slug?: string; hours?: string };

/** A realised return, flagged when it passed 100 % (the pack paid out more than it took). */
function Return({ percent, above }: { percent: string | null; above: boolean }) {
  if (percent === null) return <>–</>;
  return above ? (
    <strong className="report-flag" title="Realised return above 100 %: value won exceeded revenue">
      {percent}% <span className="report-flag-label">above 100 %</span>
    </strong>
  ) : (
    <>{percent}%</>
  );
}

export default async function AdminReportsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const { from, to } = reportRange(params);
  const slug = params.slug?.trim().slice(0, 64) || undefined;
  const range = params.hours === "7d" ? "7d" : "24h";
  const api = await adminApi();
  const failed = (error: unknown) => ({ error: (error as Error).message });
  const [packs, report, activity, shipping, hourly, winners] = await Promise.all([
    api.admin.packs.list({ includeArchived: true }),
    api.admin.reports.get({ from, to, slug }).catch(failed),
    api.admin.reports.activity({ from, to, slug }).catch(failed),
    api.admin.reports.shipping({ from, to }).catch(failed),
    api.admin.reports.hourly({ range, slug }).catch(failed),
    api.admin.reports.winners({ from, to, slug }).catch(failed),
  ]);
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ from, to, ...(slug && { slug }), hours: range, ...extra }).toString();
  const overFull = "error" in report ? [] : report.byPack.filter((row) => row.returnAboveFull);
  return (
    <>
      <div className="page-header">
        <h1>Reports</h1>
        <span className="muted small-text">UTC days; rolled up daily, the last minute read live.</span>
        <Link href={`/admin/reports/upgrader?${new URLSearchParams({ from, to }).toString()}`} className="small-text">
          Upgrader and exchange
        </Link>
        <Link href="/admin/reports/creators" className="small-text">
          Creator codes
        </Link>
      </div>
      <form className="row" action="/admin/reports">
        <label>
          From <input type="date" name="from" defaultValue={from} />
        </label>
        <label>
          To <input type="date" name="to" defaultValue={to} />
        </label>
        <label>
          Pack{" "}
          <select name="slug" defaultValue={slug ?? ""}>
            <option value="">whole site</option>
            {packs.map((pack) => (
              <option key={pack.slug} value={pack.slug}>
                {pack.name}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="hours" value={range} />
        <button className="button small">Show</button>
      </form>
      {"error" in report ? (
        <ErrorAlert error={report.error} />
      ) : (
        <>
          {overFull.length > 0 && (
            <div className="alert warn" role="status" data-testid="report-over-full">
              Realised return above 100 % in this range:{" "}
              {overFull.map((row, i) => (
                <span key={row.packId}>
                  {i > 0 && ", "}
                  <Link href={`/admin/packs/${row.slug}`}>{row.name}</Link> ({row.realisedRtpPercent}%)
                </span>
              ))}
              . These packs paid out more than they took.
            </div>
          )}
          <dl className="facts fact-cards admin-figures" data-testid="report-total">
            <div>
              <dt>Openings</dt>
              <dd>{report.total.openings.toLocaleString("en-US")}</dd>
            </div>
            <div>
              <dt>Gross revenue</dt>
              <dd data-testid="report-revenue">{displayMoney(report.total.revenue)}</dd>
            </div>
            <div>
              <dt>Value paid out</dt>
              <dd>{displayMoney(report.total.valueWon)}</dd>
            </div>
            <div>
              <dt>Margin</dt>
              <dd data-testid="report-margin" className={report.total.margin.startsWith("-") ? "report-negative" : undefined}>
                {displayMoney(report.total.margin)}
              </dd>
            </div>
            <div>
              <dt>Items sold back</dt>
              <dd>
                {report.total.itemsSold} ({displayMoney(report.total.soldValue)})
              </dd>
            </div>
            <div>
              <dt>Realised return</dt>
              <dd>
                <Return percent={report.total.realisedRtpPercent} above={report.total.returnAboveFull} />
              </dd>
            </div>
            <div>
              <dt>Expected return</dt>
              <dd>{report.total.expectedRtpPercent ?? "–"}%</dd>
            </div>
            {"error" in activity ? null : (
              <>
                <div>
                  <dt>Deposits settled</dt>
                  <dd data-testid="report-deposits">
                    {displayMoney(activity.deposits.total)} ({activity.deposits.count})
                  </dd>
                </div>
                <div>
                  <dt>Active players</dt>
                  <dd data-testid="report-active-players">
                    {activity.activePlayers} <span className="muted small-text">({activity.newPlayers} new)</span>
                  </dd>
                </div>
              </>
            )}
            {"error" in shipping ? null : (
              <>
                <div>
                  <dt>Shipped</dt>
                  <dd data-testid="report-shipped">
                    {displayMoney(shipping.shipped.value)}{" "}
                    <span className="muted small-text">
                      ({shipping.shipped.items} {shipping.shipped.items === 1 ? "item" : "items"} in {shipping.shipped.shipments}{" "}
                      {shipping.shipped.shipments === 1 ? "shipment" : "shipments"})
                    </span>
                  </dd>
                </div>
                <div>
                  <dt>Shipping fees charged</dt>
                  <dd data-testid="report-fees-charged">{displayMoney(shipping.fees.charged)}</dd>
                </div>
                <div>
                  <dt>Shipping fees refunded</dt>
                  <dd data-testid="report-fees-refunded">{displayMoney(shipping.fees.refunded)}</dd>
                </div>
                <div>
                  <dt>Net shipping fees</dt>
                  <dd data-testid="report-fees-net" className={shipping.fees.net.startsWith("-") ? "report-negative" : undefined}>
                    {displayMoney(shipping.fees.net)}
                  </dd>
                </div>
              </>
            )}
          </dl>
          {"error" in activity && <ErrorAlert error={activity.error} />}
          {"error" in shipping && <ErrorAlert error={shipping.error} />}
          <p className="muted small-text" data-testid="margin-formula">
            {MARGIN_FORMULA}. A sell-back credits exactly the item&apos;s value, already counted in value paid out, so it is not subtracted
            again. Gross revenue is the opening prices paid. Deposits are site-wide (settled in the range); active players opened at least
            one pack in the range, new ones for the first time. Shipping is site-wide too: shipped counts the shipments that left the
            warehouse in the range (delivered, returned or on the way) and the value of their items; fees are those debited in the range,
            less those refunded for cancelled or rejected shipments.
          </p>
          <h2>Per day</h2>
          <ReportChart days={report.byDay} />
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Figures per pack">
            <table>
              <thead>
                <tr>
                  <th>Pack</th>
                  <th className="num">Openings</th>
                  <th className="num">Revenue</th>
                  <th className="num">Paid out</th>
                  <th className="num">Margin</th>
                  <th className="num">Sold back</th>
                  <th className="num">Realised</th>
                  <th className="num">Expected</th>
                </tr>
              </thead>
              <tbody>
                {report.byPack.map((row) => (
                  <tr key={row.packId} data-testid={`report-pack-${row.slug}`}>
                    <td>
                      <Link href={`/admin/reports?${query({ slug: row.slug })}`}>{row.name}</Link>
                    </td>
                    <td className="num">{row.openings.toLocaleString("en-US")}</td>
                    <td className="num">{displayMoney(row.revenue)}</td>
                    <td className="num">{displayMoney(row.valueWon)}</td>
                    <td className="num">{displayMoney(row.margin)}</td>
                    <td className="num">
                      {row.itemsSold} ({displayMoney(row.soldValue)})
                    </td>
                    <td className="num">
                      <Return percent={row.realisedRtpPercent} above={row.returnAboveFull} />
                    </td>
                    <td className="num">{row.expectedRtpPercent ?? "–"}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <section className="stack" aria-labelledby="hourly-heading">
        <div className="page-header">
          <h2 id="hourly-heading">By the hour</h2>
          <nav className="row" aria-label="Hourly range">
            <Link href={`/admin/reports?${query({ hours: "24h" })}`} aria-current={range === "24h" ? "page" : undefined}>
              Last 24 hours
            </Link>
            <Link href={`/admin/reports?${query({ hours: "7d" })}`} aria-current={range === "7d" ? "page" : undefined}>
              Last 7 days
            </Link>
          </nav>
        </div>
        {"error" in hourly ? (
          <ErrorAlert error={hourly.error} />
        ) : (
          <>
            <HourlyChart hours={hourly.buckets} />
            <h3 className="small-text">The {HOURLY_ROWS} most recent hours with openings or sales</h3>
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Figures per hour" data-testid="report-hourly">
              <table>
                <thead>
                  <tr>
                    <th>Hour (UTC)</th>
                    <th className="num">Openings</th>
                    <th className="num">Players</th>
                    <th className="num">Revenue</th>
                    <th className="num">Paid out</th>
                    <th className="num">Margin</th>
                    <th className="num">Sold back</th>
                  </tr>
                </thead>
                <tbody>
                  {hourly.buckets
                    .filter((bucket) => bucket.openings > 0 || bucket.soldValue !== "0.00")
                    .reverse()
                    .slice(0, HOURLY_ROWS)
                    .map((bucket) => (
                      <tr key={bucket.hour}>
                        <td>{bucket.hour.slice(0, 13).replace("T", " ")}:00</td>
                        <td className="num">{bucket.openings}</td>
                        <td className="num">{bucket.players}</td>
                        <td className="num">{displayMoney(bucket.revenue)}</td>
                        <td className="num">{displayMoney(bucket.valueWon)}</td>
                        <td className="num">{displayMoney(bucket.margin)}</td>
                        <td className="num">{displayMoney(bucket.soldValue)}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <section className="stack" aria-labelledby="winners-heading">
        <h2 id="winners-heading">Top winners</h2>
        <p className="muted small-text">
          Net won = value of the items won − opening prices paid, over the chosen days; only players ahead.
        </p>
        {"error" in winners ? (
          <ErrorAlert error={winners.error} />
        ) : winners.winners.length === 0 ? (
          <p className="empty muted">No player came out ahead in this range.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} data-testid="report-winners">
            <table>
              <thead>
                <tr>
                  <th>Account</th>
                  <th className="num">Openings</th>
                  <th className="num">Spent</th>
                  <th className="num">Won</th>
                  <th className="num">Net won</th>
                </tr>
              </thead>
              <tbody>
                {winners.winners.map((winner) => (
                  <tr key={winner.userId}>
                    <td>
                      <Link href={`/admin/accounts/${winner.userId}`} className="break">
                        {winner.name || winner.email}
                      </Link>
                      {winner.name && <div className="muted small-text break">{winner.email}</div>}
                    </td>
                    <td className="num">{winner.openings}</td>
                    <td className="num">{displayMoney(winner.spent)}</td>
                    <td className="num">{displayMoney(winner.won)}</td>
                    <td className="num">{displayMoney(winner.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
