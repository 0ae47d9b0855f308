"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Address, InventoryItem, Shipment } from "@prizepacks/core";
import { trpc } from "../lib/trpc";
import { ErrorAlert } from "./error-alert";
import { Money } from "./money";

const STATE_LABELS: Record<Shipment["state"], string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  REJECTED: "Rejected",
  CANCELLED: "Cancelled",
  RETURNED: "Returned",
};

const ADDRESS_FIELDS = [
  ["name", "Full name"],
  ["line1", "Address line 1"],
  ["line2", "Address line 2 (optional)"],
  ["city", "City"],
  ["region", "State or region"],
  ["postalCode", "Postal code"],
  ["country", "Country code (ISO, e.g. US)"],
  ["phone", "Phone (optional)"],
] as const;

const emptyAddress = { name: "", line1: "", line2: "", city: "", region: "", postalCode: "", country: "", phone: "" };

/** Ship held items (pick or add an address, see the fee, confirm), and the account's shipments. */
export function ShipmentsView({ shipments, addresses, held }: { shipments: Shipment[]; addresses: Address[]; held: InventoryItem[] }) {
  const router = useRouter();
  const [selected, setSelected] = useState<string[]>([]);
  const [addressId, setAddressId] = useState(addresses[0]?.id ?? "");
  const [draft, setDraft] = useState(emptyAddress);
  const [fee, setFee] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await work();
      router.refresh();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  async function quote(id: string) {
    setAddressId(id);
    setFee(null);
    const country = addresses.find((a) => a.id === id)?.country;
    if (country) setFee((await trpc.shipments.quote.query({ country })).fee);
  }

  return (
    <div className="stack">
      <ErrorAlert error={error} />
      <section className="card stack" aria-labelledby="ship-heading">
        <h2 id="ship-heading">Ship items</h2>
        {held.length === 0 ? (
          <p className="muted">No held items to ship.</p>
        ) : (
          <fieldset>
            <legend>Items</legend>
            {held.map((item) => (
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
        <label>
          Address{" "}
          <select value={addressId} onChange={(e) => void quote(e.target.value).catch(setError)} aria-label="Address">
            <option value="">Choose…</option>
            {addresses.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}, {a.line1}, {a.city} {a.postalCode ?? ""} ({a.country})
              </option>
            ))}
          </select>
        </label>
        {fee !== null && (
          <p>
            Shipping fee: <Money amount={fee} />
          </p>
        )}
        <button
          type="button"
          className="button"
          disabled={busy || selected.length === 0 || !addressId}
          onClick={() =>
            void run(async () => {
              await trpc.shipments.create.mutate({ inventoryItemIds: selected, addressId });
              setSelected([]);
            })
          }
        >
          Ship {selected.length || ""} item{selected.length === 1 ? "" : "s"}
        </button>
      </section>

      <section className="card stack" aria-labelledby="address-heading">
        <h2 id="address-heading">Add an address</h2>
        {ADDRESS_FIELDS.map(([field, label]) => (
          <label key={field}>
            {label}
            <input value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
          </label>
        ))}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await trpc.addresses.create.mutate({ ...draft, country: draft.country.trim().toUpperCase() });
              setDraft(emptyAddress);
            })
          }
        >
          Save address
        </button>
      </section>

      <section className="card stack" aria-labelledby="shipments-heading">
        <h2 id="shipments-heading">Your shipments</h2>
        {shipments.length === 0 ? (
          <p className="muted">No shipments yet.</p>
        ) : (
          <ul className="stack">
            {shipments.map((s) => (
              <li key={s.id} data-testid="shipment">
                <strong>{STATE_LABELS[s.state]}</strong> · {s.items.map((i) => i.name).join(", ")} · fee <Money amount={s.fee} /> · to{" "}
                {s.address.city} ({s.country})
                {s.trackingNumber && (
                  <>
                    {" "}
                    · {s.carrier}{" "}
                    {s.trackingUrl ? (
                      <a href={s.trackingUrl} rel="noreferrer" target="_blank">
                        {s.trackingNumber}
                      </a>
                    ) : (
                      s.trackingNumber
                    )}
                  </>
                )}
                {s.reason && <> · {s.reason}</>}
                {s.state === "REQUESTED" && (
                  <button
                    type="button"
                    className="button ghost small"
                    disabled={busy}
                    onClick={() => void run(() => trpc.shipments.cancel.mutate({ id: s.id }))}
                  >
                    Cancel
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
