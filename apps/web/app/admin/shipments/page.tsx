import Link from "next/link";
import { ShipmentStateSchema } from "@prizepacks/core";
import { ShipmentActions } from "../../../components/admin/shipment-actions";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Shipments" };

const STATES = ShipmentStateSchema.options;

/** How long a shipment has waited, in whole hours or days (the page is rendered per request). */
function age(createdAt: string, now: number): string {
  const hours = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 3_600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

export default async function AdminShipmentsPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const { state: asked } = await searchParams;
  const state = asked === "all" ? undefined : (STATES.find((s) => s === asked) ?? "REQUESTED");
  const api = await adminApi();
  const shipments = await api.admin.shipments.list({ state });
  const now = Date.now();
  return (
    <>
      <div className="page-header">
        <h1>Shipments</h1>
        <p className="muted">The fulfilment queue, oldest first.</p>
      </div>
      <nav aria-label="Shipment states" className="settings-nav">
        {[...STATES, "all" as const].map((s) => (
          <Link key={s} href={`/admin/shipments?state=${s}`} aria-current={(state ?? "all") === s ? "page" : undefined}>
            {s.toLowerCase()}
          </Link>
        ))}
      </nav>
      {shipments.length === 0 ? (
        <p className="muted">{state ? `No shipments in state ${state.toLowerCase()}.` : "No shipments yet."}</p>
      ) : (
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="admin-shipments">
            <thead>
              <tr>
                <th>Requested</th>
                <th>Age</th>
                <th>Account</th>
                <th>Items</th>
                <th>Address</th>
                <th className="num">Fee</th>
                <th>State</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {shipments.map((s) => (
                <tr key={s.id} data-testid="admin-shipment">
                  <td className="small-text">{s.createdAt.replace("T", " ").slice(0, 16)}</td>
                  <td className="small-text">{age(s.createdAt, now)}</td>
                  <td>
                    <Link href={`/admin/accounts/${encodeURIComponent(s.userId)}`}>{s.email}</Link>
                  </td>
                  <td>{s.items.map((item) => item.name).join(", ")}</td>
                  <td className="small-text break">
                    {s.address.name}
                    <br />
                    {s.address.line1}
                    {s.address.line2 && (
                      <>
                        <br />
                        {s.address.line2}
                      </>
                    )}
                    <br />
                    {s.address.postalCode} {s.address.city}
                    {s.address.region && `, ${s.address.region}`} · {s.address.country}
                    {s.address.phone && (
                      <>
                        <br />
                        {s.address.phone}
                      </>
                    )}
                  </td>
                  <td className="num">${s.fee}</td>
                  <td>
                    {s.state.toLowerCase()}
                    {s.trackingNumber && (
                      <span className="hint">
                        {" "}
                        · {s.carrier} {s.trackingNumber}
                      </span>
                    )}
                    {s.reason && <span className="hint"> · {s.reason}</span>}
                  </td>
                  <td>
                    <ShipmentActions shipmentId={s.id} state={s.state} label={`shipment of ${s.email} (${s.items.length} items)`} />
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
