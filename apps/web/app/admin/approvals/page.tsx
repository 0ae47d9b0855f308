import Link from "next/link";
import { AgeRefusalClear } from "../../../components/admin/age-refusal-clear";
import { PendingDecision } from "../../../components/admin/pending-decision";
import { QueueTable, accountColumn, timeColumn, type QueueColumn } from "../../../components/ui/queue-table";
import { adminApi } from "../../../lib/admin";
import { consoleTime } from "../../../lib/console-time";

export const metadata = { title: "Approvals" };

/** The last columns of every request here: who asked, and the decision (never on one's own request). */
function decisionColumns<Row>(
  kind: "credit" | "setting",
  viewerId: string | null,
  label: (row: Row) => string,
): QueueColumn<Row & { id: string; requestedBy: string; requestedById: string }>[] {
  return [
    { header: "Asked by", cell: (row) => row.requestedBy },
    {
      header: "Decision",
      cell: (row) => <PendingDecision kind={kind} id={row.id} label={label(row)} ownRequest={row.requestedById === viewerId} />,
    },
  ];
}

export default async function AdminApprovalsPage() {
  const api = await adminApi();
  const [{ approvalAbove, dailyApprovalAbove, viewerId, credits }, { changes, roleGrants }, ageRefusals] = await Promise.all([
    api.admin.credits.pending(),
    api.admin.settings.pendingChanges(),
    api.admin.ageRefusals.list(),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>Approvals</h1>
        <span className="muted small-text">
          An admin&apos;s credits above ${approvalAbove} to one account, or ${dailyApprovalAbove} in all, within 24 hours, and raises of
          money settings and grants of the admin role, wait here until an admin other than the one who asked approves or rejects them;
          refused dates of birth wait for a review.
        </span>
      </div>
      <h2>Credits</h2>
      <QueueTable
        testId="pending-credits"
        empty="No credit is waiting for approval."
        rows={credits}
        columns={[
          timeColumn("Asked", "createdAt"),
          accountColumn(),
          { header: "Credit", numeric: true, cell: (credit) => `$${credit.amount}` },
          { header: "Reason", cell: (credit) => credit.reason },
          ...decisionColumns("credit", viewerId, (credit: { amount: string; email: string }) => `$${credit.amount} to ${credit.email}`),
        ]}
      />
      <h2>Money settings</h2>
      <QueueTable
        testId="pending-setting-changes"
        empty="No setting change is waiting for approval."
        rows={changes}
        columns={[
          timeColumn("Asked", "createdAt"),
          { header: "Setting", cell: (change) => change.label },
          { header: "Now", numeric: true, cell: (change) => `$${change.current}` },
          { header: "Asked for", numeric: true, cell: (change) => `$${change.value}` },
          ...decisionColumns("setting", viewerId, (change: { label: string; value: string }) => `${change.label} $${change.value}`),
        ]}
      />
      <h2>Admin role</h2>
      <QueueTable
        testId="pending-role-grants"
        empty="No grant of the admin role is waiting for approval."
        rows={roleGrants}
        columns={[
          timeColumn("Asked", "createdAt"),
          accountColumn("Account to make an admin"),
          ...decisionColumns("setting", viewerId, (grant: { email: string }) => `admin role for ${grant.email}`),
        ]}
      />
      <h2>Dates of birth to review</h2>
      <p className="muted small-text">
        A date of birth refused as too young is kept for its e-mail or account: no other date is accepted until an admin has reviewed it
        (proof of age, or a slip) and cleared it here.
      </p>
      <QueueTable
        testId="age-refusals"
        empty="No refused date of birth is waiting for review."
        rows={ageRefusals}
        columns={[
          timeColumn("Refused", "refusedAt"),
          {
            header: "E-mail or account",
            cell: (refusal) =>
              refusal.userId ? (
                <Link href={`/admin/accounts/${encodeURIComponent(refusal.userId)}`}>{refusal.email}</Link>
              ) : (
                <>
                  {refusal.email} <span className="muted small-text">(sign-up)</span>
                </>
              ),
          },
          { header: "Date refused", cell: (refusal) => refusal.dateOfBirth },
          {
            header: "Another date tried",
            className: "small-text",
            cell: (refusal) => (refusal.retriedAt ? consoleTime(refusal.retriedAt) : "—"),
          },
          { header: "Review", cell: (refusal) => <AgeRefusalClear ageRefusalId={refusal.id} label={refusal.email} /> },
        ]}
      />
    </>
  );
}
