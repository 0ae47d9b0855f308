import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AccountActions } from "../../../../components/admin/account-actions";
import { AccountCompliancePanel } from "../../../../components/admin/account-compliance";
import { AccountProtectionPanel } from "../../../../components/admin/account-protection";
import { MoneyActions } from "../../../../components/admin/money-actions";
import { PlayerSummary } from "../../../../components/admin/player-summary";
import { Money } from "../../../../components/ui/money";
import { QueueTable, type QueueColumn } from "../../../../components/ui/queue-table";
import { adminApi } from "../../../../lib/admin";

export const metadata = { title: "Account" };

/** When, to the second (UTC). */
const secondsColumn: QueueColumn<{ createdAt: string }> = {
  header: "When",
  className: "small-text",
  cell: (row) => row.createdAt.replace("T", " ").slice(0, 19),
};

type Detail = RouterOutputs["admin"]["accounts"]["get"];

const LEDGER_COLUMNS: QueueColumn<Detail["ledger"][number]>[] = [
  secondsColumn,
  { header: "Kind", cell: (entry) => entry.kind },
  { header: "Amount", numeric: true, cell: (entry) => <Money amount={entry.amount} signed /> },
  { header: "Balance after", numeric: true, cell: (entry) => <Money amount={entry.balanceAfter} /> },
  { header: "Note", cell: (entry) => entry.note },
];

const OPENING_COLUMNS: QueueColumn<Detail["openings"][number]>[] = [
  secondsColumn,
  { header: "Pack", cell: (spin) => spin.pack },
  { header: "Item", cell: (spin) => spin.item },
  { header: "Price", numeric: true, cell: (spin) => <Money amount={spin.price} /> },
  { header: "Value", numeric: true, cell: (spin) => <Money amount={spin.value} /> },
  { header: "Odds", numeric: true, cell: (spin) => `v${spin.oddsVersion}` },
];

const CASE_COLUMNS: QueueColumn<RouterOutputs["admin"]["harm"]["cases"]["cases"][number]>[] = [
  { header: "Opened", className: "small-text", cell: (row) => row.openedAt.replace("T", " ").slice(0, 16) },
  { header: "Marker", cell: (row) => <Link href={`/admin/cases/${encodeURIComponent(row.id)}`}>{row.label}</Link> },
  { header: "Hits", numeric: true, cell: (row) => row.hits },
  {
    header: "Status",
    cell: (row) => (row.status === "open" ? `open${row.owner ? ` (${row.owner})` : ""}` : `closed: ${row.outcome ?? ""}`),
  },
];

export default async function AdminAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const api = await adminApi();
  const userId = decodeURIComponent(id);
  const missing = (error: unknown) => {
    if ((error as { code?: string }).code === "NOT_FOUND") return null;
    throw error;
  };
  const [detail, protection, summary, verification, verificationHistory, openCases, closedCases] = await Promise.all([
    api.admin.accounts.get({ userId }).catch(missing),
    api.admin.protection.account({ userId }).catch(missing),
    api.admin.accounts.summary({ userId }).catch(missing),
    api.admin.verification.account({ userId }).catch(missing),
    api.admin.verification.history({ userId }),
    api.admin.harm.cases({ status: "open", userId }),
    api.admin.harm.cases({ status: "closed", userId }),
  ]);
  if (!detail || !protection || !summary || !verification) notFound();
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
      <PlayerSummary summary={summary} />
      <div className="grid-2">
        <section className="card stack" aria-labelledby="balance-heading">
          <h2 id="balance-heading">Balance</h2>
          <p className="money" data-testid="admin-balance">
            {displayMoney(detail.balance)}
          </p>
          <p className="muted small-text">
            {detail.inventory.heldCount} items held, worth <Money amount={detail.inventory.heldValue} />
          </p>
        </section>
        <MoneyActions
          account={{ id: account.id, email: account.email, balance: detail.balance, creditApprovalAbove: detail.creditApprovalAbove }}
        />
      </div>
      <AccountActions account={account} keys={detail.keys} />
      <AccountCompliancePanel account={account} detail={verification} history={verificationHistory} />
      <AccountProtectionPanel account={account} detail={protection} />
      <section className="stack" aria-labelledby="cases-heading">
        <h2 id="cases-heading">Markers-of-harm cases</h2>
        <QueueTable
          rows={[...openCases.cases, ...closedCases.cases]}
          columns={CASE_COLUMNS}
          empty="No case has been opened for this account."
        />
      </section>
      <section className="stack" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading">Ledger (latest 50)</h2>
        <QueueTable rows={detail.ledger} columns={LEDGER_COLUMNS} />
      </section>
      <section className="stack" aria-labelledby="openings-heading">
        <h2 id="openings-heading">Openings (latest 50)</h2>
        <QueueTable rows={detail.openings} columns={OPENING_COLUMNS} />
      </section>
      <section className="stack" aria-labelledby="inventory-heading">
        <h2 id="inventory-heading">Inventory (latest 50 held)</h2>
        <ul className="small-text">
          {detail.inventory.items.map((item) => (
            <li key={item.id}>
              {item.name} <span className={`rarity rarity-${item.rarity}`}>{item.rarity}</span> <Money amount={item.value} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
