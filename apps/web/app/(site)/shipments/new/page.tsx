import Link from "next/link";
import { ShipRequestView } from "../../../../components/shipments/ship-request-view";
import { listInventory } from "@prizepacks/core";
import { services } from "../../../../lib/database";
import { requireViewer, serverApi } from "../../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Ship it" };

/** The inventory's "Ship it": `items` (comma-separated inventory item ids) come ticked. */
export default async function ShipItPage({ searchParams }: { searchParams: Promise<{ items?: string }> }) {
  const params = await searchParams;
  const preselected = (params.items ?? "").split(",").filter(Boolean).slice(0, 100);
  const viewer = await requireViewer(`/shipments/new${params.items ? `?items=${encodeURIComponent(params.items)}` : ""}`);
  const api = await serverApi();
  // The chosen items are read by id too: they may be older than the newest 100 held.
  const [{ addresses }, inventory, chosen] = await Promise.all([
    api.addresses.list({}),
    api.inventory.list({ status: "HELD", limit: 100 }),
    preselected.length > 0 ? listInventory(await services(), { userId: viewer.id, status: "HELD", ids: preselected, limit: 100 }) : null,
  ]);
  const held = [...(chosen?.items ?? []), ...inventory.items.filter((item) => !chosen?.items.some((picked) => picked.id === item.id))];
  const missing = preselected.filter((id) => !held.some((item) => item.id === id && item.ships));
  return (
    <>
      <div className="page-header">
        <h1>Ship it</h1>
        <p className="muted">
          Choose where it goes and see the fee before you confirm. Add other held items to the same shipment for no extra fee.{" "}
          <Link href="/shipments">Your shipments</Link>
        </p>
      </div>
      {missing.length > 0 && (
        <p className="alert warn" role="status">
          {missing.length === 1 ? "One item" : `${missing.length} items`} you chose can no longer be shipped (sold, already in a shipment,
          or not shippable).
        </p>
      )}
      <ShipRequestView held={held} addresses={addresses} preselected={preselected} />
    </>
  );
}
