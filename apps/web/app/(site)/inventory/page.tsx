import Link from "next/link";
import { getGameSettings } from "@prizepacks/core";
import { InventoryGroupSortSchema } from "@prizepacks/core/contract";
import { InventoryView } from "../../../components/inventory/inventory-view";
import { services } from "../../../lib/database";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Inventory" };

export default async function InventoryPage({
  searchParams,
}: {
  searchParams: Promise<{ status?: string; view?: string; sort?: string }>;
}) {
  await requireViewer("/inventory");
  const params = await searchParams;
  const status = params.status?.toUpperCase() === "SOLD" ? "SOLD" : "HELD";
  const layout = params.view === "grouped" ? "grouped" : "each";
  const sort = InventoryGroupSortSchema.catch("value-desc").parse(params.sort);
  const api = await serverApi();
  const [initialPage, initialGroups, settings] = await Promise.all([
    api.inventory.list({ status }),
    status === "HELD" && layout === "grouped" ? api.inventory.groups({ sort }) : undefined,
    services().then(getGameSettings),
  ]);
  return (
    <>
      <div className="page-header">
        <h1>Inventory</h1>
        <p className="muted">
          Items you won. Sell them for their value; the money goes to your wallet, or <Link href="/shipments">ship items</Link> to your
          address, exchange them for others, or stake them in the <Link href="/upgrader">upgrader</Link>.
        </p>
      </div>
      <InventoryView
        initialStatus={status}
        initialPage={initialPage}
        initialLayout={layout}
        initialSort={sort}
        initialGroups={initialGroups}
        exchangeFeeBps={settings.exchangeFeeBps}
      />
    </>
  );
}
