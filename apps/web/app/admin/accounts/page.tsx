import Link from "next/link";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Accounts" };

export default async function AdminAccountsPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const query = ((await searchParams).q ?? "").slice(0, 320);
  const api = await adminApi();
  const accounts = await api.admin.accounts.search({ query });
  return (
    <>
      <div className="page-header">
        <h1>Accounts</h1>
      </div>
      <form className="row" role="search" action="/admin/accounts">
        <label htmlFor="account-query" className="visually-hidden">
          E-mail or id
        </label>
        <input id="account-query" name="q" defaultValue={query} placeholder="E-mail or account id" />
        <button className="button small">Search</button>
      </form>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>E-mail</th>
              <th>Name</th>
              <th>Role</th>
              <th>Standing</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>
                  <Link href={`/admin/accounts/${account.id}`}>{account.email}</Link>
                </td>
                <td>{account.name}</td>
                <td>{account.role}</td>
                <td>{account.standing}</td>
                <td className="small-text">{account.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {accounts.length === 0 && <p className="empty muted">No account matches.</p>}
    </>
  );
}
