import Link from "next/link";
import { PendingCreditDecision } from "../../../components/admin/pending-credit-decision";
import { adminApi } from "../../../lib/admin";
import { consoleTime } from "../../../lib/console-time";

export const metadata = { title: "Approvals" };

export default async function AdminApprovalsPage() {
  const api = await adminApi();
  const { approvalAbove, viewerId, credits } = await api.admin.credits.pending();
  return (
    <>
      <div className="page-header">
        <h1>Approvals</h1>
        <span className="muted small-text">
          Credits above ${approvalAbove} wait here until an admin other than the one who asked approves or rejects them.
        </span>
      </div>
      {credits.length === 0 ? (
        <p className="muted">Nothing is waiting for approval.</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="pending-credits">
            <thead>
              <tr>
                <th>Asked</th>
                <th>Account</th>
                <th className="num">Credit</th>
                <th>Reason</th>
                <th>Asked by</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {credits.map((credit) => (
                <tr key={credit.id}>
                  <td className="small-text">{consoleTime(credit.createdAt)}</td>
                  <td>
                    <Link href={`/admin/accounts/${encodeURIComponent(credit.userId)}`}>{credit.email}</Link>
                  </td>
                  <td className="num">${credit.amount}</td>
                  <td>{credit.reason}</td>
                  <td>{credit.requestedBy}</td>
                  <td>
                    <PendingCreditDecision
                      pendingCreditId={credit.id}
                      label={`$${credit.amount} to ${credit.email}`}
                      ownRequest={credit.requestedById === viewerId}
                    />
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
