import Link from "next/link";
import type { ReactNode } from "react";
import { requireAdmin } from "../../lib/admin";

export const dynamic = "force-dynamic";
export const metadata = { title: { default: "Console", template: "%s · Console · prizepacks" } };

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdmin();
  return (
    <div className="admin stack">
      <nav aria-label="Console" className="admin-nav row">
        <strong>Console</strong>
        <Link href="/admin/packs">Packs</Link>
        <Link href="/admin/accounts">Accounts</Link>
        <Link href="/admin/reports">Reports</Link>
        <Link href="/admin/log">Admin log</Link>
        <span className="muted small-text admin-nav-who">{admin.email}</span>
      </nav>
      {children}
    </div>
  );
}
