import { ShipmentsView } from "../../../components/shipments/shipments-view";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Shipments" };

export default async function ShipmentsPage({ searchParams }: { searchParams: Promise<{ requested?: string }> }) {
  await requireViewer("/shipments");
  const { requested } = await searchParams;
  const api = await serverApi();
  const [shipments, { addresses }, inventory] = await Promise.all([
    api.shipments.list({}),
    api.addresses.list({}),
    api.inventory.list({ status: "HELD", limit: 100 }),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>Shipments</h1>
        <p className="muted">
          Have won items delivered: one flat fee per shipment for the country, refunded if you cancel before it is approved.
        </p>
      </div>
      <ShipmentsView shipments={shipments.shipments} addresses={addresses} held={inventory.items} requestedId={requested} />
    </>
  );
}
