import Link from "next/link";
import { ReportChart } from "../../../components/admin/report-chart";
import { ErrorAlert } from "../../../components/error-alert";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Reports" };

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const validDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export default async function AdminReportsPage({ searchParams }: { searchParams: Promise<{ from?: string; to?: string; slug?: string }> }) {
  const params = await searchParams;
  const to = validDay(params.to) ?? isoDay(new Date());
  const from = validDay(params.from) ?? isoDay(new Date(Date.now() - 29 * 86_400_000));
  const slug = params.slug?.trim().slice(0, 64) || undefined;
  const api = await adminApi();
  const [packs, report] = await Promise.all([
    api.admin.packs.list({ includeArchived: true }),
    api.admin.reports.get({ from, to, slug }).catch((error: unknown) => ({ error: (error as Error).message })),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>Reports</h1>
        <span className="muted small-text">UTC days; rolled up daily, the last minute read live.</span>
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
        <button className="button small">Show</button>
      </form>
      {"error" in report ? (
        <ErrorAlert error={report.error} />
      ) : (
        <>
          <dl className="admin-figures" data-testid="report-total">
            <div>
              <dt>Openings</dt>
              <dd>{report.total.openings}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>{report.total.revenue}</dd>
            </div>
            <div>
              <dt>Value paid out</dt>
              <dd>{report.total.valueWon}</dd>
            </div>
            <div>
              <dt>Items sold back</dt>
              <dd>
                {report.total.itemsSold} ({report.total.soldValue})
              </dd>
            </div>
            <div>
              <dt>Realised return</dt>
              <dd>{report.total.realisedRtpPercent ?? "–"}%</dd>
            </div>
            <div>
              <dt>Expected return</dt>
              <dd>{report.total.expectedRtpPercent ?? "–"}%</dd>
            </div>
          </dl>
          <ReportChart days={report.byDay} />
          <div className="table-wrap" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th>Pack</th>
                  <th className="num">Openings</th>
                  <th className="num">Revenue</th>
                  <th className="num">Paid out</th>
                  <th className="num">Sold back</th>
                  <th className="num">Realised</th>
                  <th className="num">Expected</th>
                </tr>
              </thead>
              <tbody>
                {report.byPack.map((row) => (
                  <tr key={row.packId}>
                    <td>
                      <Link href={`/admin/reports?from=${from}&to=${to}&slug=${row.slug}`}>{row.name}</Link>
                    </td>
                    <td className="num">{row.openings}</td>
                    <td className="num">{row.revenue}</td>
                    <td className="num">{row.valueWon}</td>
                    <td className="num">
                      {row.itemsSold} ({row.soldValue})
                    </td>
                    <td className="num">{row.realisedRtpPercent ?? "–"}%</td>
                    <td className="num">{row.expectedRtpPercent ?? "–"}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
