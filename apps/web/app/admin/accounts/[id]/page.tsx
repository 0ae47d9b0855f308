import { notFound } from "next/navigation";
import { AccountActions } from "../../../../components/admin/account-actions";
import { AccountProtectionPanel } from "../../../../components/admin/account-protection";
import { MoneyActions } from "../../../../components/admin/money-actions";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Account" };

export default async function AdminAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await adminApi();
  const userId = decodeURIComponent(id);
  const missing = (error: unknown) => {
    if ((error as { code?: string }).code === "NOT_FOUND") return null;
    throw error;
  };
  const [detail, protection] = await Promise.all([
    api.admin.accounts.get({ userId }).catch(missing),
    api.admin.protection.account({ userId }).catch(missing),
  ]);
  if (!detail || !protection) notFound();
  const { account } = detail;
  return (
    <>
      <div className="page-header">
        <h1>{account.email}</h1>
        <span className="muted">
          {account.role} · {account.standing}
          {account.banReason ? ` (${account.banReason})` : ""} · id <code>{account.id}</code>
        </span>
      </div>
      <p className="muted small-text" data-testid="admin-age">
        {account.age.confirmedBy === "player"
          ? `Age confirmed by the player on ${account.age.confirmedAt!.slice(0, 10)}; date of birth ${account.age.dateOfBirth}.`
          : account.age.confirmedBy === "operator"
            ? `Age confirmed by the operator on ${account.age.confirmedAt!.slice(0, 10)} (no date of birth given).`
            : "Age not confirmed: the player must enter a date of birth before opening a pack."}
      </p>
      <div className="grid-2">
        <section className="card stack" aria-labelledby="balance-heading">
          <h2 id="balance-heading">Balance</h2>
          <p className="money" data-testid="admin-balance">
            {detail.balance}
          </p>
          <p className="muted small-text">
            {detail.inventory.heldCount} items held, worth {detail.inventory.heldValue}
          </p>
        </section>
        <MoneyActions userId={account.id} />
      </div>
      <AccountActions account={account} keys={detail.keys} />
      <AccountProtectionPanel account={account} detail={protection} />
      <section className="stack" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger (latest 50)</h2>
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th>When</th>
                <th>Kind</th>
                <th className="num">Amount</th>
                <th className="num">Balance after</th>
                <th>Note</th>
              </tr>
            </thead>
            <tbody>
              {detail.ledger.map((entry) => (
                <tr key={entry.id}>
                  <td className="small-text">{entry.createdAt.replace("T", " ").slice(0, 19)}</td>
                  <td>{entry.kind}</td>
                  <td className="num">{entry.amount}</td>
                  <td className="num">{entry.balanceAfter}</td>
                  <td>{entry.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="stack" aria-labelledby="openings-heading">
        <h2 id="openings-heading">Openings (latest 50)</h2>
        <div className="table-wrap" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th>When</th>
                <th>Pack</th>
                <th>Item</th>
                <th className="num">Price</th>
                <th className="num">Value</th>
                <th className="num">Odds</th>
              </tr>
            </thead>
            <tbody>
              {detail.openings.map((spin) => (
                <tr key={spin.id}>
                  <td className="small-text">{spin.createdAt.replace("T", " ").slice(0, 19)}</td>
                  <td>{spin.pack}</td>
                  <td>{spin.item}</td>
                  <td className="num">{spin.price}</td>
                  <td className="num">{spin.value}</td>
                  <td className="num">v{spin.oddsVersion}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="stack" aria-labelledby="inventory-heading">
        <h2 id="inventory-heading">Inventory (latest 50 held)</h2>
        <ul className="small-text">
          {detail.inventory.items.map((item) => (
            <li key={item.id}>
              {item.name} <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span> {item.value}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
