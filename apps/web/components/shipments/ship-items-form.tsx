"use client";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { Address, InventoryItem, Shipment } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { errorCode } from "../../lib/error-message";
import { queryKeys, trpc } from "../../lib/trpc";
import { AddressForm } from "./address-form";
import { ErrorAlert } from "../ui/error-alert";
import { Money } from "../ui/money";

const describeAddress = (a: Address) => `${a.name}, ${a.line1}, ${a.city} ${a.postalCode ?? ""} (${a.country})`;

/**
 * Request delivery of held items: choose the items (those given in `preselected` ticked), pick a
 * saved address or add one, see the country's fee, confirm. One shipment, one fee, however many
 * items. Items that do not ship are left out: they can only be sold.
 */
export function ShipItemsForm({
  held,
  addresses,
  preselected = [],
  onRequested,
}: {
  held: InventoryItem[];
  addresses: Address[];
  preselected?: string[];
  onRequested: (shipment: Shipment) => void;
}) {
  const shippable = held.filter((item) => item.status === "HELD" && item.ships);
  const [selected, setSelected] = useState<string[]>(() =>
    shippable.filter((item) => preselected.includes(item.id)).map((item) => item.id),
  );
  const [saved, setSaved] = useState(addresses);
  const [addressId, setAddressId] = useState(addresses[0]?.id ?? "");
  const [adding, setAdding] = useState(addresses.length === 0);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // busy reaches the button a render later; this closes the gap for a fast double click.
  const inFlight = useRef(false);

  const country = saved.find((a) => a.id === addressId)?.country;
  const quote = useQuery({
    queryKey: queryKeys.shipments.quote({ country }),
    queryFn: () => trpc.shipments.quote.query({ country: country! }),
    enabled: country !== undefined,
  });
  const fee = country !== undefined && quote.data?.country === country ? quote.data.fee : null;
  // The preselected items first: the player came here to ship those.
  const listed = [...shippable].sort((a, b) => Number(preselected.includes(b.id)) - Number(preselected.includes(a.id)));
  const count = selected.length;

  async function confirm() {
    if (inFlight.current || fee === null) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const shipment = await trpc.shipments.create.mutate({ inventoryItemIds: selected, addressId, expectedFee: fee });
      setSelected([]);
      onRequested(shipment);
    } catch (e) {
      setError(e);
      // The fee changed since it was shown (409): show the new one to confirm.
      if (errorCode(e) === "CONFLICT") void quote.refetch();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="stack">
      {listed.length === 0 ? (
        <p className="muted">No held items to ship.</p>
      ) : (
        <fieldset className="stack ship-items">
          <legend>Items</legend>
          {listed.map((item) => (
            <label key={item.id} className="row">
              <input
                type="checkbox"
                checked={selected.includes(item.id)}
                onChange={(e) => setSelected(e.target.checked ? [...selected, item.id] : selected.filter((id) => id !== item.id))}
              />
              {item.name} <Money amount={item.value} />
            </label>
          ))}
        </fieldset>
      )}
      {held.some((item) => item.status === "HELD" && !item.ships) && (
        <p className="muted small-text">Digital items are not listed: they do not ship and can only be sold.</p>
      )}

      {saved.length > 0 && (
        <label className="ship-address">
          Address
          <select value={addressId} onChange={(e) => setAddressId(e.target.value)} aria-label="Address">
            <option value="">Choose…</option>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {describeAddress(a)}
              </option>
            ))}
          </select>
        </label>
      )}
      {adding ? (
        <fieldset className="stack">
          <legend>New address</legend>
          <AddressForm
            onSaved={(address) => {
              setSaved((current) => [address, ...current]);
              setAddressId(address.id);
              setAdding(false);
            }}
          />
        </fieldset>
      ) : (
        <button type="button" className="button ghost small" onClick={() => setAdding(true)}>
          Add a new address
        </button>
      )}

      <div role="status" data-testid="shipping-fee">
        {country === undefined ? null : fee !== null ? (
          <p>
            Shipping fee: <Money amount={fee} /> to {country}, one fee for the whole shipment.
          </p>
        ) : quote.isError ? null : (
          <p className="muted">Finding the fee…</p>
        )}
      </div>
      <ErrorAlert error={quote.error ?? error} />
      <button type="button" className="button" disabled={busy || count === 0 || fee === null} onClick={() => void confirm()}>
        Ship {count || ""} item{count === 1 ? "" : "s"}
        {fee !== null && count > 0 ? ` for ${displayMoney(fee)}` : ""}
      </button>
    </div>
  );
}
