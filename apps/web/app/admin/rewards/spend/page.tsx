import type { RewardSpendReport } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { reportRange, ReportRangeForm } from "../../../../components/admin/report-range";
import { RewardsNav } from "../../../../components/admin/rewards-nav";
import { DataTable } from "../../../../components/ui/data-table";
import { ErrorAlert } from "../../../../components/ui/error-alert";
import { PageHeader } from "../../../../components/ui/page-header";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Reward spend" };

/** The kinds every report shows, in this order; any other source the claims carry follows them. */
const KNOWN_SOURCES = ["rakeback", "daily", "promo", "commission"];
const SOURCE_TEXT: Record<string, string> = { rakeback: "Rakeback", daily: "Daily case", promo: "Promo codes", commission: "Commission" };

export default async function RewardSpendPage({ searchParams }: { searchParams: Promise<{ from?: string; to?: string }> }) {
  const { from, to } = reportRange(await searchParams);
  const api = await adminApi();
  const report: RewardSpendReport | { error: string } = await api.admin.rewards
    .spend({ from, to })
    .catch((error: unknown) => ({ error: (error as Error).message }));
  return (
    <>
      <PageHeader title="Reward spend">
        What rewards cost per UTC day and kind: the cash credited (REWARD ledger entries) and the cost the daily budget counts (the cash, or
        a free opening&apos;s pack price).
      </PageHeader>
      <RewardsNav current="spend" />
      <ReportRangeForm action="/admin/rewards/spend" from={from} to={to} />
      {"error" in report ? <ErrorAlert error={report.error} /> : <Spend report={report} />}
    </>
  );
}

function Spend({ report }: { report: RewardSpendReport }) {
  const present = new Set(report.total.bySource.map((row) => row.source));
  const sources = [
    ...KNOWN_SOURCES.filter((source) => source !== "commission" || present.has(source)),
    ...[...present].filter((source) => !KNOWN_SOURCES.includes(source)).sort(),
  ];
  const budget = Number(report.dailyBudget);
  return (
    <>
      <dl className="facts fact-cards admin-figures" data-testid="reward-spend-total">
        <div>
          <dt>Budget a day, in force</dt>
          <dd>{displayMoney(report.dailyBudget)}</dd>
        </div>
        <div>
          <dt>Cost in the range</dt>
          <dd data-testid="reward-spend-cost">{displayMoney(report.total.cost)}</dd>
        </div>
        <div>
          <dt>Cash credited</dt>
          <dd>{displayMoney(report.total.cash)}</dd>
        </div>
        <div>
          <dt>Claims</dt>
          <dd>{report.total.claims.toLocaleString("en-US")}</dd>
        </div>
      </dl>
      {report.days.length === 0 ? (
        <p className="empty muted">No reward was claimed in this range.</p>
      ) : (
        <DataTable
          caption="Reward cost per day and kind"
          columns={["Day (UTC)", ...sources.map((source) => SOURCE_TEXT[source] ?? source), "Cost", "Of the budget", "Cash credited"]}
          region
          className="reward-spend"
        >
          {report.days.map((day) => {
            const share = budget > 0 ? `${((Number(day.cost) / budget) * 100).toFixed(1)} %` : "–";
            return (
              <tr key={day.day} data-testid={`spend-day-${day.day}`}>
                <td>{day.day}</td>
                {sources.map((source) => {
                  const row = day.bySource.find((candidate) => candidate.source === source);
                  return (
                    <td key={source} className="num" data-testid={`spend-${source}`}>
                      {row ? displayMoney(row.cost) : <span className="muted">–</span>}
                      {row && <span className="muted small-text"> ({row.claims})</span>}
                    </td>
                  );
                })}
                <td className="num" data-testid="spend-cost">
                  {displayMoney(day.cost)}
                </td>
                <td className={Number(day.cost) > budget ? "num report-negative" : "num"}>{share}</td>
                <td className="num">{displayMoney(day.cash)}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <p className="muted small-text">
        Each kind&apos;s cell is its cost, with its claims in brackets. &ldquo;Of the budget&rdquo; is against the budget in force now; a
        change of the budget is in the admin log. A day can pass it only by a change made during that day.
      </p>
    </>
  );
}
