import Link from "next/link";
import { isPageCursor, SAFER_PLAY_WINDOW_DAYS } from "@prizepacks/core";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Safer play" };

const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

export default async function SaferPlayPage({ searchParams }: { searchParams: Promise<{ cursor?: string }> }) {
  const { cursor: asked } = await searchParams;
  const cursor = asked && isPageCursor(asked) ? asked : undefined;
  const { accounts, nextCursor } = await (await adminApi()).admin.protection.saferPlay({ cursor });
  return (
    <>
      <div className="page-header">
        <h1>Safer play</h1>
        <span className="muted small-text">
          Accounts that hit a spending limit or asked to raise or remove one in the last {SAFER_PLAY_WINDOW_DAYS} days, latest first.
        </span>
      </div>
      <div className="table-wrap" tabIndex={0}>
        <table data-testid="safer-play">
          <thead>
            <tr>
              <th>Account</th>
              <th className="num">Limit hits</th>
              <th className="num">Raise or removal requests</th>
              <th>Latest (UTC)</th>
              <th>Excluded now</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.userId}>
                <td>
                  <Link href={`/admin/accounts/${encodeURIComponent(account.userId)}`} className="break">
                    {account.email}
                  </Link>
                </td>
                <td className="num">{account.limitHits}</td>
                <td className="num">{account.raiseRequests}</td>
                <td className="small-text">{when(account.lastEventAt)}</td>
                <td>{account.excluded ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {accounts.length === 0 && <p className="empty muted">No account hit a limit or asked for a raise lately.</p>}
      {nextCursor && (
        <Link href={`/admin/safer-play?cursor=${encodeURIComponent(nextCursor)}`} className="button ghost small">
          More accounts
        </Link>
      )}
    </>
  );
}
