"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { AdminShipment } from "@prizepacks/core";
import { consoleTime, waitedFor } from "../../lib/console-time";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../error-alert";
import { ReasonField } from "./reason-field";
import { ShipToAddress } from "./ship-to-address";
import { ShipmentActions } from "./shipment-actions";
import { useRequestKey } from "./request-key";

type BatchMove = "APPROVED" | "REJECTED";

export const packingListHref = (ids: string[]) => `/admin/shipments/packing-list?ids=${ids.map(encodeURIComponent).join(",")}`;

const rowLabel = (s: AdminShipment) => `shipment of ${s.email} (${s.items.length} items)`;

/**
 * The fulfilment queue's table: each shipment's own actions, and a selection (a checkbox per
 * row, or all shown) to approve or reject in one go, or to print a packing list for.
 */
export function ShipmentQueue({ shipments, now }: { shipments: AdminShipment[]; now: number }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState("");
  const [outcome, setOutcome] = useState<string | null>(null);
  // Only what is still shown counts: a refresh drops the shipments that left this filter.
  const selected = shipments.filter((s) => chosen.has(s.id)).map((s) => s.id);
  const allShown = selected.length === shipments.length;
  const toggle = (id: string, on: boolean) =>
    setChosen((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });

  const move = useMutation({
    mutationFn: (to: BatchMove) =>
      trpc.admin.shipments.move.mutate({ ids: selected, to, requestKey, ...(to === "REJECTED" && { reason: reason.trim() }) }),
    onMutate: () => setOutcome(null),
    onSuccess: ({ moved, skipped }, to) => {
      const verb = to === "APPROVED" ? "approved" : "rejected";
      const why = skipped.length > 0 ? ` (${skipped.map((s) => s.reason).join("; ")})` : "";
      setOutcome(`${moved.length} ${verb}, ${skipped.length} skipped${why}`);
      renewKey();
      setChosen(new Set());
      router.refresh();
    },
  });

  return (
    <>
      <section aria-label="Selection" className="stack shipment-selection">
        <div className="row">
          <label className="row small-text">
            <input
              type="checkbox"
              checked={allShown}
              onChange={(event) => setChosen(new Set(event.target.checked ? shipments.map((s) => s.id) : []))}
            />
            Select all shown ({shipments.length})
          </label>
          <span className="muted small-text" data-testid="selected-count">
            {selected.length} selected
          </span>
        </div>
        <ReasonField value={reason} onChange={setReason} label="Reason (needed to reject the selection)" />
        <div className="row">
          <button
            type="button"
            className="button small"
            disabled={selected.length === 0 || move.isPending}
            onClick={() => move.mutate("APPROVED")}
          >
            Approve selected
          </button>
          <button
            type="button"
            className="button ghost small"
            disabled={selected.length === 0 || move.isPending}
            onClick={() => move.mutate("REJECTED")}
          >
            Reject selected
          </button>
          {selected.length > 0 && (
            <Link href={packingListHref(selected)} className="button ghost small">
              Packing list ({selected.length})
            </Link>
          )}
        </div>
        <div role="status">{outcome && <p className="alert success small-text">{outcome}</p>}</div>
        <ErrorAlert error={move.error} inline />
      </section>
      <div className="table-wrap" tabIndex={0}>
        <table data-testid="admin-shipments">
          <thead>
            <tr>
              <th>
                <span className="visually-hidden">Selected</span>
              </th>
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
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${rowLabel(s)}`}
                    checked={chosen.has(s.id)}
                    onChange={(event) => toggle(s.id, event.target.checked)}
                  />
                </td>
                <td className="small-text">{consoleTime(s.createdAt)}</td>
                <td className="small-text">{waitedFor(s.createdAt, now)}</td>
                <td>
                  <Link href={`/admin/accounts/${encodeURIComponent(s.userId)}`}>{s.email}</Link>
                </td>
                <td>{s.items.map((item) => item.name).join(", ")}</td>
                <td className="small-text shipment-address">
                  <ShipToAddress address={s.address} />
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
                  <div className="stack">
                    <ShipmentActions shipmentId={s.id} state={s.state} label={rowLabel(s)} />
                    <Link href={packingListHref([s.id])} className="small-text" aria-label={`Packing list for ${rowLabel(s)}`}>
                      Packing list
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
