import Link from "next/link";
import { WithdrawalStateSchema } from "@prizepacks/core";
import { FilterNav } from "../../../components/admin/filter-nav";
import { WithdrawalAutoApproveForm, WithdrawalDecision } from "../../../components/admin/withdrawal-decision";
import { adminApi } from "../../../lib/admin";
import { consoleTime } from "../../../lib/console-time";

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
      {withdrawals.length === 0 ? (
        <p className="muted">{state ? `No withdrawals in state ${state}.` : "No withdrawals yet."}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="admin-withdrawals">
            <thead>
              <tr>
                <th>Requested</th>
                <th>Account</th>
                <th className="num">Amount</th>
                <th>Destination</th>
                <th>State</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {withdrawals.map((w) => (
                <tr key={w.id}>
                  <td className="small-text">{consoleTime(w.createdAt)}</td>
                  <td>
                    <Link href={`/admin/accounts/${encodeURIComponent(w.userId)}`}>{w.email}</Link>
                  </td>
                  <td className="num">${w.amount}</td>
                  <td>
                    {w.payoutMethodId} <code className="break">{w.address}</code>
                  </td>
                  <td>
                    {w.state}
                    {w.reason && <span className="hint"> · {w.reason}</span>}
                  </td>
                  <td>
                    {w.state === "requested" ? (
                      <WithdrawalDecision withdrawalId={w.id} label={`$${w.amount} to ${w.email}`} own={w.userId === viewerId} />
                    ) : (
                      <span className="small-text muted">{w.decidedBy ?? "—"}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
