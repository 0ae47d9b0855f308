import Link from "next/link";
import { WithdrawalStateSchema } from "@prizepacks/core";
import { WithdrawalAutoApproveForm, WithdrawalDecision } from "../../../components/admin/withdrawal-decision";
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
      <nav aria-label="Withdrawal states" className="settings-nav">
        {[...STATES, "all" as const].map((s) => (
          <Link key={s} href={`/admin/withdrawals?state=${s}`} aria-current={(state ?? "all") === s ? "page" : undefined}>
            {s}
          </Link>
        ))}
      </nav>
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
                  <td className="small-text">{w.createdAt.replace("T", " ").slice(0, 16)}</td>
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
