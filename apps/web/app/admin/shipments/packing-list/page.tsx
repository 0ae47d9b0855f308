import Link from "next/link";
import { IdSchema, MAX_SHIPMENTS_PER_MOVE, type AdminShipment } from "@prizepacks/core";
import { PrintButton } from "../../../../components/admin/print-button";
import { ShipToAddress } from "../../../../components/admin/ship-to-address";
import { adminApi } from "../../../../lib/admin";
import { consoleTime } from "../../../../lib/console-time";

export const metadata = { title: "Packing list" };

/** The shipments named in `ids` (comma-separated, or repeated), as many as one move takes. */
function shipmentIds(asked: string | string[] | undefined): string[] {
  const all = [asked ?? []].flat().flatMap((part) => part.split(","));
  // What could never be an id is left out here, so the page answers "not found" rather than failing.
  const valid = all.map((id) => id.trim()).filter((id) => IdSchema.safeParse(id).success);
  return [...new Set(valid)].slice(0, MAX_SHIPMENTS_PER_MOVE);
}

// Personal data: the addresses are shown to the admin here and go nowhere else (the page logs nothing).
export default async function PackingListPage({ searchParams }: { searchParams: Promise<{ ids?: string | string[] }> }) {
  const ids = shipmentIds((await searchParams).ids);
  const api = await adminApi();
  const shipments = ids.length === 0 ? [] : await api.admin.shipments.list({ ids, limit: MAX_SHIPMENTS_PER_MOVE });
  const missing = ids.filter((id) => !shipments.some((s) => s.id === id));
  return (
    <>
      <div className="page-header no-print">
        <h1>Packing list</h1>
        <p className="muted">
          {shipments.length === 1 ? "1 shipment" : `${shipments.length} shipments`}, each on its own page when printed.
        </p>
        <div className="row">
          {shipments.length > 0 && <PrintButton />}
          <Link href="/admin/shipments" className="small-text">
            Back to the queue
          </Link>
        </div>
      </div>
      {ids.length === 0 && <p className="muted">No shipments chosen: select some in the queue.</p>}
      {missing.length > 0 && <p className="alert error small-text no-print">Not found: {missing.join(", ")}</p>}
      {shipments.map((s) => (
        <section key={s.id} className="packing-slip stack" aria-labelledby={`slip-${s.id}`} data-testid="packing-slip">
          <h2 id={`slip-${s.id}`} className="break">
            Shipment {s.id}
          </h2>
          <p className="small-text muted">
            Requested {consoleTime(s.createdAt)} UTC · {s.state.toLowerCase()}
          </p>
          <div>
            <h3>Ship to</h3>
            <ShipToAddress address={s.address} />
          </div>
          <SlipItems shipment={s} />
        </section>
      ))}
    </>
  );
}

/** A shipment's items, as the packer checks them off. */
function SlipItems({ shipment }: { shipment: AdminShipment }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table>
        <caption className="visually-hidden">Items in shipment {shipment.id}</caption>
        <thead>
          <tr>
            <th>Item</th>
            <th>Pack</th>
            <th className="num">Value</th>
            <th>Inventory item</th>
          </tr>
        </thead>
        <tbody>
          {shipment.items.map((item) => (
            <tr key={item.id}>
              <td>{item.name}</td>
              <td>{item.pack}</td>
              <td className="num">${item.value}</td>
              <td>
                <code className="break">{item.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
