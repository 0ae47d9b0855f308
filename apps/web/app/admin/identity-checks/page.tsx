import Link from "next/link";
import { VERIFICATION_QUEUE_STATES, monthOf } from "@prizepacks/core";
import { DueDiligenceSetting } from "../../../components/admin/due-diligence-setting";
import { FilterNav } from "../../../components/admin/filter-nav";
import { QueueTable, accountColumn, timeColumn } from "../../../components/ui/queue-table";
import { adminApi } from "../../../lib/admin";
import { waitedFor } from "../../../lib/console-time";

export const metadata = { title: "Identity checks" };

const STATE_TEXT = { pending: "pending", retry: "retry", rejected: "rejected", required: "required, not started" } as const;

export default async function AdminIdentityChecksPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const { state: asked } = await searchParams;
  const state = VERIFICATION_QUEUE_STATES.find((s) => s === asked);
  const api = await adminApi();
  const [queue, pendingChanges] = await Promise.all([api.admin.verification.queue({ state }), api.admin.settings.pendingChanges()]);
  const pendingRaise = pendingChanges.changes.find((change) => change.setting === "due_diligence_deposits");
  const now = Date.now();
  return (
    <>
      <div className="page-header">
        <h1>Identity checks</h1>
        <DueDiligenceSetting current={queue.threshold} />
      </div>
      {pendingRaise && (
        <p className="alert" data-testid="due-diligence-pending">
          A raise of the due-diligence threshold to ${pendingRaise.value}, asked by {pendingRaise.requestedBy}, waits for another admin on
          the <Link href="/admin/approvals">Approvals</Link> page; ${pendingRaise.current} applies until then.
        </p>
      )}
      <form className="row" method="get" action="/api/admin/reports/due-diligence.csv" aria-label="Monthly due-diligence report">
        <div className="field">
          <label htmlFor="due-diligence-month">Monthly report for the regulator: checks, requests and harm cases (CSV)</label>
          <input id="due-diligence-month" name="month" type="month" defaultValue={monthOf(new Date())} required />
        </div>
        <button type="submit" className="button small">
          Download CSV
        </button>
      </form>
      <FilterNav
        label="Identity check states"
        current={state ?? "all"}
        options={[
          { value: "all", text: `all (${Object.values(queue.counts).reduce((a, b) => a + b, 0)})`, href: "/admin/identity-checks" },
          ...VERIFICATION_QUEUE_STATES.map((s) => ({
            value: s,
            text: `${STATE_TEXT[s]} (${queue.counts[s]})`,
            href: `/admin/identity-checks?state=${s}`,
          })),
        ]}
      />
      <QueueTable
        testId="admin-kyc-queue"
        rowTestId="admin-kyc-row"
        empty={state ? `No account is ${STATE_TEXT[state]}.` : "No account waits on an identity check."}
        rows={queue.rows}
        columns={[
          timeColumn("Waiting since", "since"),
          { header: "Age", numeric: true, cell: (row) => waitedFor(row.since, now) },
          accountColumn(),
          {
            header: "State",
            cell: (row) => (
              <>
                {STATE_TEXT[row.state]}
                {row.demo && <span className="hint"> (demo check)</span>}
              </>
            ),
          },
          {
            header: "Why",
            cell: (row) => (
              <span className="small-text">
                {[
                  row.requested && `operator's request${row.blocksPlay ? " (play held)" : ""}`,
                  row.dueDiligenceSince && `deposits reached $${queue.threshold} in 30 days`,
                  row.rejectLabels.length > 0 && row.rejectLabels.join(", "),
                ]
                  .filter(Boolean)
                  .join("; ") || "check started"}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
