import Link from "next/link";
import { RtpRangeForm } from "../../../components/admin/rtp-range-form";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Packs" };

export default async function AdminPacksPage({ searchParams }: { searchParams: Promise<{ archived?: string }> }) {
  const includeArchived = (await searchParams).archived === "1";
  const api = await adminApi();
  const [packs, settings] = await Promise.all([api.admin.packs.list({ includeArchived }), api.admin.settings.get()]);
  return (
    <>
      <div className="page-header">
        <h1>Packs</h1>
        <div className="row">
          <Link href={includeArchived ? "/admin/packs" : "/admin/packs?archived=1"} className="button ghost small">
            {includeArchived ? "Hide archived" : "Show archived"}
          </Link>
          <Link href="/admin/packs/new" className="button small">
            New pack
          </Link>
        </div>
      </div>
      <RtpRangeForm minPercent={settings.rtpRange.minPercent} maxPercent={settings.rtpRange.maxPercent} />
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th>Pack</th>
              <th className="num">Price</th>
              <th>Status</th>
              <th className="num">Odds</th>
              <th>Odds hash</th>
              <th className="num">Openings</th>
            </tr>
          </thead>
          <tbody>
            {packs.map((pack) => (
              <tr key={pack.id}>
                <td>
                  <Link href={`/admin/packs/${pack.slug}`}>{pack.name}</Link> <span className="muted small-text">{pack.slug}</span>
                </td>
                <td className="num">{pack.price}</td>
                <td>{pack.archived ? "archived" : pack.active ? "on sale" : "off sale"}</td>
                <td className="num">{pack.oddsVersion ? `v${pack.oddsVersion}` : "none"}</td>
                <td>
                  <code className="small-text">{pack.oddsHash?.slice(0, 16) ?? ""}…</code>
                </td>
                <td className="num">{pack.spinCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
