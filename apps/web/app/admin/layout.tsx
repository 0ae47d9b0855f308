import Link from "next/link";
import type { ReactNode } from "react";
import { requireAdmin } from "../../lib/admin";

export const dynamic = "force-dynamic";
export const metadata = { title: { default: "Console", template: "%s · Console · prizepacks" } };

const CONSOLE_PAGES = Object.entries({
  packs: "Packs",
  accounts: "Accounts",
  approvals: "Approvals",
  withdrawals: "Withdrawals",
  "identity-checks": "Identity checks",
  shipments: "Shipments",
  "safer-play": "Safer play",
  cases: "Cases",
  rewards: "Rewards",
  reports: "Reports",
  log: "Admin log",
});

// The console's own frame: no drop strip, no player balance, nothing that moves on its own
// while an operator works; a way back to the site.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdmin();
  return (
    <>
      <header className="admin-header">
        <Link href="/admin" className="admin-brand">
          prizepacks <span className="muted">console</span>
        </Link>
        <nav aria-label="Console" className="admin-nav">
          {CONSOLE_PAGES.map(([path, label]) => (
            <Link key={path} href={`/admin/${path}`}>
              {label}
            </Link>
          ))}
        </nav>
        <span className="muted small-text admin-nav-who">{admin.email}</span>
        <Link href="/" className="small-text">
          Back to the site
        </Link>
      </header>
      <main id="main" className="page admin stack">
        {children}
      </main>
    </>
  );
}
