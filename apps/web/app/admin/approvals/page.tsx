import Link from "next/link";
import { AgeRefusalClear } from "../../../components/admin/age-refusal-clear";
import { PendingDecision } from "../../../components/admin/pending-decision";
import { adminApi } from "../../../lib/admin";
import { consoleTime } from "../../../lib/console-time";

export const metadata = { title: "Approvals" };

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
      {credits.length === 0 ? (
        <p className="muted">No credit is waiting for approval.</p>
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
                    <PendingDecision
                      kind="credit"
                      id={credit.id}
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
      <h2>Money settings</h2>
      {changes.length === 0 ? (
        <p className="muted">No setting change is waiting for approval.</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="pending-setting-changes">
            <thead>
              <tr>
                <th>Asked</th>
                <th>Setting</th>
                <th className="num">Now</th>
                <th className="num">Asked for</th>
                <th>Asked by</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <td className="small-text">{consoleTime(change.createdAt)}</td>
                  <td>{change.label}</td>
                  <td className="num">${change.current}</td>
                  <td className="num">${change.value}</td>
                  <td>{change.requestedBy}</td>
                  <td>
                    <PendingDecision
                      kind="setting"
                      id={change.id}
                      label={`${change.label} $${change.value}`}
                      ownRequest={change.requestedById === viewerId}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Admin role</h2>
      {roleGrants.length === 0 ? (
        <p className="muted">No grant of the admin role is waiting for approval.</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="pending-role-grants">
            <thead>
              <tr>
                <th>Asked</th>
                <th>Account to make an admin</th>
                <th>Asked by</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {roleGrants.map((grant) => (
                <tr key={grant.id}>
                  <td className="small-text">{consoleTime(grant.createdAt)}</td>
                  <td>
                    <Link href={`/admin/accounts/${encodeURIComponent(grant.userId)}`}>{grant.email}</Link>
                  </td>
                  <td>{grant.requestedBy}</td>
                  <td>
                    <PendingDecision
                      kind="setting"
                      id={grant.id}
                      label={`admin role for ${grant.email}`}
                      ownRequest={grant.requestedById === viewerId}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Dates of birth to review</h2>
      <p className="muted small-text">
        A date of birth refused as too young is kept for its e-mail or account: no other date is accepted until an admin has reviewed it
        (proof of age, or a slip) and cleared it here.
      </p>
      {ageRefusals.length === 0 ? (
        <p className="muted">No refused date of birth is waiting for review.</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="age-refusals">
            <thead>
              <tr>
                <th>Refused</th>
                <th>E-mail or account</th>
                <th>Date refused</th>
                <th>Another date tried</th>
                <th>Review</th>
              </tr>
            </thead>
            <tbody>
              {ageRefusals.map((refusal) => (
                <tr key={refusal.id}>
                  <td className="small-text">{consoleTime(refusal.refusedAt)}</td>
                  <td>
                    {refusal.userId ? (
                      <Link href={`/admin/accounts/${encodeURIComponent(refusal.userId)}`}>{refusal.email}</Link>
                    ) : (
                      <>
                        {refusal.email} <span className="muted small-text">(sign-up)</span>
                      </>
                    )}
                  </td>
                  <td>{refusal.dateOfBirth}</td>
                  <td className="small-text">{refusal.retriedAt ? consoleTime(refusal.retriedAt) : "—"}</td>
                  <td>
                    <AgeRefusalClear ageRefusalId={refusal.id} label={refusal.email} />
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
