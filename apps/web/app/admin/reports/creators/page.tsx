import Link from "next/link";
import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import { CreatorCodeActions } from "../../../../components/admin/creator-code-actions";
import { ErrorAlert } from "../../../../components/ui/error-alert";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Creator codes" };

type Report = RouterOutputs["admin"]["creators"]["report"];

/** The creator report (#39): every code, its referrals, commission accrued and claimed; rename or disable a code. */
export default async function CreatorReportPage() {
  const api = await adminApi();
  const report: Report | { error: string } = await api.admin.creators
    .report()
    .catch((error: unknown) => ({ error: (error as Error).message }));
  return (
    <>
      <div className="page-header">
        <h1>Creator codes</h1>
        <Link href="/admin/reports" className="small-text">
          Openings reports
        </Link>
      </div>
      <p className="muted small-text">
        Commission accrues on each referred account&apos;s wagers while its window runs; accrued is summed over a code&apos;s referrals and
        rounded down to the cent. Renaming and disabling are recorded in the admin log.
      </p>
      {"error" in report ? (
        <ErrorAlert error={report.error} />
      ) : (
        <>
          <dl className="creator-stats" data-testid="creator-totals">
            <div>
              <dt>Codes</dt>
              <dd>{report.totals.codes}</dd>
            </div>
            <div>
              <dt>Referrals</dt>
              <dd>{report.totals.referrals}</dd>
            </div>
            <div>
              <dt>Commission accrued</dt>
              <dd>{displayMoney(report.totals.accrued)}</dd>
            </div>
            <div>
              <dt>Commission claimed</dt>
              <dd>{displayMoney(report.totals.claimed)}</dd>
            </div>
          </dl>
          {report.codes.length === 0 ? (
            <p className="muted">No creator codes yet.</p>
          ) : (
            <div className="table-wrap" tabIndex={0} role="region" aria-label="Creator codes">
              <table className="admin-items" data-testid="creator-report">
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Creator</th>
                    <th scope="col">Referrals</th>
                    <th scope="col">Earning</th>
                    <th scope="col">Accrued</th>
                    <th scope="col">Claimed</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {report.codes.map((row) => (
                    <tr key={row.id}>
                      <td>
                        {row.code}
                        {row.disabled && <span className="muted"> (disabled)</span>}
                      </td>
                      <td>
                        <Link href={`/admin/accounts/${row.userId}`}>{row.email}</Link>
                      </td>
                      <td>{row.referrals}</td>
                      <td>{row.earning}</td>
                      <td>{displayMoney(row.accrued)}</td>
                      <td>{displayMoney(row.claimed)}</td>
                      <td>
                        <CreatorCodeActions id={row.id} code={row.code} disabled={row.disabled} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </>
  );
}
