import { InventoryView } from "../../../components/inventory-view";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Inventory" };

export default async function InventoryPage({ searchParams }: { searchParams: Promise<{ status?: string }> }) {
  await requireViewer("/inventory");
  const status = (await searchParams).status?.toUpperCase() === "SOLD" ? "SOLD" : "HELD";
  const api = await serverApi();
  const initialPage = await api.inventory.list({ status });
  return (
    <>
      <div className="page-header">
        <h1>Inventory</h1>
        <p className="muted">Items you won. Sell them for their value; the money goes to your wallet.</p>
      </div>
      <InventoryView initialStatus={status} initialPage={initialPage} />
    </>
  );
}
