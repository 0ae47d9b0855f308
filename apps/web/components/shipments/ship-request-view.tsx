"use client";
import { useRouter } from "next/navigation";
import type { Address, InventoryItem } from "@prizepacks/core";
import { ShipItemsForm } from "./ship-items-form";

/** "Ship it" from the inventory: the form with the chosen items ticked; once requested, the shipment in the player's list. */
export function ShipRequestView({ held, addresses, preselected }: { held: InventoryItem[]; addresses: Address[]; preselected: string[] }) {
  const router = useRouter();
  return (
    <section className="card stack" aria-label="Ship items">
      <ShipItemsForm
        held={held}
        addresses={addresses}
        preselected={preselected}
        onRequested={(shipment) => router.push(`/shipments?requested=${encodeURIComponent(shipment.id)}`)}
      />
    </section>
  );
}
