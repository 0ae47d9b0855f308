import Link from "next/link";
import { HARM_MARKER_INFO, HARM_MARKERS, HARM_OUTCOME_LABELS, type HarmMarker } from "@prizepacks/core/contract";
import { adminApi } from "../../../lib/admin";
import { PageHeader } from "../../../components/ui/page-header";

export const metadata = { title: "Cases" };

const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

/** How long a case has waited, in whole days or hours. */
function age(iso: string, now: number): string {
  const hours = Math.floor((now - Date.parse(iso)) / 3_600_000);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
}

const isMarker = (value: string | undefined): value is HarmMarker => (HARM_MARKERS as readonly string[]).includes(value ?? "");

export default async function CasesPage({ searchParams }: { searchParams: Promise<{ status?: string; marker?: string; owner?: string }> }) {
  const asked = await searchParams;
  const status = asked.status === "closed" ? "closed" : "open";
  const marker = isMarker(asked.marker) ? asked.marker : undefined;
  const owner = asked.owner?.trim() || undefined;
  const { cases } = await (await adminApi()).admin.harm.cases({ status, marker, owner });
  const now = Date.now();
  return (
    <>
      <PageHeader title="Cases">
        Markers of harm: each case is one marker of one account, with the facts that triggered it. A hit never blocks anything; you decide.
        Open cases oldest first. <Link href="/admin/cases/rules">Marker thresholds</Link>
      </PageHeader>
      <form method="get" className="row admin-filters" aria-label="Filter cases">
        <div className="field">
          <label htmlFor="cases-status" className="label">
            Status
          </label>
          <select id="cases-status" name="status" defaultValue={status}>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="cases-marker" className="label">
            Marker
          </label>
          <select id="cases-marker" name="marker" defaultValue={marker ?? ""}>
            <option value="">Any marker</option>
            {HARM_MARKERS.map((m) => (
              <option key={m} value={m}>
                {HARM_MARKER_INFO[m].label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="cases-owner" className="label">
            Owner
          </label>
          <select id="cases-owner" name="owner" defaultValue={owner ?? ""}>
            <option value="">Anyone</option>
            <option value="me">Mine</option>
            <option value="none">Nobody yet</option>
          </select>
        </div>
        <button type="submit" className="button small ghost">
          Show
        </button>
      </form>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Cases">
        <table data-testid="harm-cases">
          <thead>
            <tr>
              <th>Account</th>
              <th>Marker</th>
              <th>{status === "open" ? "Waiting" : "Outcome"}</th>
              <th className="num">Hits</th>
              <th>Last hit (UTC)</th>
              <th>Owner</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((row) => (
              <tr key={row.id}>
                <td>
                  <Link href={`/admin/cases/${encodeURIComponent(row.id)}`} className="break">
                    {row.email}
                  </Link>
                </td>
                <td>{row.label}</td>
                <td>{row.status === "open" ? age(row.openedAt, now) : row.outcome && HARM_OUTCOME_LABELS[row.outcome]}</td>
                <td className="num">{row.hits}</td>
                <td className="small-text">{when(row.lastHitAt)}</td>
                <td className="break">{row.owner ?? <span className="muted">nobody</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {cases.length === 0 && (
        <p className="empty muted">
          No {status} case{marker || owner ? " matches" : ""}.
        </p>
      )}
    </>
  );
}
