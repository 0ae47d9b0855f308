"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { Address, InventoryItem, Shipment } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { useBusyAction } from "../ui/use-busy-action";
import { Money } from "../ui/money";
import { ShipItemsForm } from "./ship-items-form";

const STATE_LABELS: Record<Shipment["state"], string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  REJECTED: "Rejected",
  CANCELLED: "Cancelled",
  RETURNED: "Returned",
};

/** Ship held items (pick or add an address, see the fee, confirm), and the account's shipments. */
export function ShipmentsView({
  shipments,
  addresses,
  held,
  requestedId,
}: {
  shipments: Shipment[];
  addresses: Address[];
  held: InventoryItem[];
  /** The shipment just requested (from "Ship it"), announced and marked in the list. */
  requestedId?: string;
}) {
  const router = useRouter();
  const action = useBusyAction();
  const { busy, error } = action;
  const [noticeId, setNoticeId] = useState(requestedId);
  const requested = shipments.find((s) => s.id === noticeId);

  const run = (work: () => Promise<unknown>) =>
    action.run(async () => {
      await work();
      router.refresh();
    });

  return (
    <div className="stack">
      <div role="status">
        {requested && (
          <p className="alert success">
            Shipment requested: {requested.items.map((i) => i.name).join(", ")}. The fee of {displayMoney(requested.fee)} is paid; you can
            cancel until it is approved.
          </p>
        )}
      </div>
      <ErrorAlert error={error} />
      <section className="card stack" aria-labelledby="ship-heading">
        <h2 id="ship-heading">Ship items</h2>
        <ShipItemsForm
          held={held}
          addresses={addresses}
          onRequested={(shipment) => {
            setNoticeId(shipment.id);
            router.refresh();
          }}
        />
      </section>

      <section className="card stack" aria-labelledby="shipments-heading">
        <h2 id="shipments-heading">Your shipments</h2>
        {shipments.length === 0 ? (
          <p className="muted">No shipments yet.</p>
        ) : (
          <ul className="stack">
            {shipments.map((s) => (
              <li key={s.id} data-testid="shipment" className={s.id === noticeId ? "shipment-new" : undefined}>
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
                    onClick={() => {
                      setNoticeId(undefined);
                      void run(() => trpc.shipments.cancel.mutate({ id: s.id }));
                    }}
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
