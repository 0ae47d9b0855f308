import { WithdrawalStateSchema } from "@prizepacks/core";
import { FilterNav } from "../../../components/admin/filter-nav";
import { WithdrawalAutoApproveForm, WithdrawalDecision } from "../../../components/admin/withdrawal-decision";
import { QueueTable, accountColumn, timeColumn } from "../../../components/ui/queue-table";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Withdrawals" };

const STATES = WithdrawalStateSchema.options;

export default async function AdminWithdrawalsPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const { state: asked } = await searchParams;
  const state = asked === "all" ? undefined : (STATES.find((s) => s === asked) ?? "requested");
  const api = await adminApi();
  const { viewerId, settings, withdrawals } = await api.admin.withdrawals.list({ state });
  return (
    <>
      <div className="page-header">
        <h1>Withdrawals</h1>
        <WithdrawalAutoApproveForm current={settings.autoApproveBelow} />
      </div>
      <FilterNav
        label="Withdrawal states"
        current={state ?? "all"}
        options={[...STATES, "all" as const].map((s) => ({ value: s, text: s, href: `/admin/withdrawals?state=${s}` }))}
      />
      <QueueTable
        testId="admin-withdrawals"
        empty={state ? `No withdrawals in state ${state}.` : "No withdrawals yet."}
        rows={withdrawals}
        columns={[
          timeColumn("Requested", "createdAt"),
          accountColumn(),
          { header: "Amount", numeric: true, cell: (w) => `$${w.amount}` },
          {
            header: "Destination",
            cell: (w) => (
              <>
                {w.payoutMethodId} <code className="break">{w.address}</code>
              </>
            ),
          },
          {
            header: "State",
            cell: (w) => (
              <>
                {w.state}
                {w.reason && <span className="hint"> · {w.reason}</span>}
                {w.identityRefused && (
                  <span className="hint" data-testid="identity-refused">
                    {" "}
                    · identity check refused for good: approve only a destination you have confirmed belongs to the player
                  </span>
                )}
              </>
            ),
          },
          {
            header: "Decision",
            cell: (w) =>
              w.state === "requested" ? (
                <WithdrawalDecision withdrawalId={w.id} label={`$${w.amount} to ${w.email}`} own={w.userId === viewerId} />
              ) : (
                <span className="small-text muted">{w.decidedBy ?? "—"}</span>
              ),
          },
        ]}
      />
    </>
  );
}
