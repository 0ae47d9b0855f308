"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { AdminShipment } from "@prizepacks/core";
import { waitedFor } from "../../lib/console-time";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { QueueTable, accountColumn, timeColumn } from "../ui/queue-table";
import { ReasonField } from "./reason-field";
import { ShipToAddress } from "./ship-to-address";
import { SHIPMENT_MOVES, ShipmentActions } from "./shipment-actions";
import { useRequestKey } from "./request-key";

type BatchMove = "APPROVED" | "REJECTED";

const BATCH_MOVES: { to: BatchMove; text: string; className: string }[] = [
  { to: "APPROVED", text: "Approve selected", className: "button small" },
  { to: "REJECTED", text: "Reject selected", className: "button ghost small" },
];

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
  const [confirming, setConfirming] = useState<BatchMove | null>(null);
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
          {BATCH_MOVES.map(({ to, text, className }) => (
            <button
              key={to}
              type="button"
              className={className}
              disabled={selected.length === 0 || move.isPending}
              aria-haspopup="dialog"
              onClick={() => setConfirming(to)}
            >
              {text}
            </button>
          ))}
          {selected.length > 0 && (
            <Link href={packingListHref(selected)} className="button ghost small">
              Packing list ({selected.length})
            </Link>
          )}
        </div>
        <div role="status">{outcome && <p className="alert success small-text">{outcome}</p>}</div>
        <ErrorAlert error={move.error} inline />
        <ConfirmDialog
          open={confirming !== null}
          title={confirming ? `${SHIPMENT_MOVES[confirming].verb} ${selected.length} shipments` : ""}
          facts={
            confirming
              ? [
                  { term: "Shipments", value: `${selected.length} selected` },
                  ...(confirming === "REJECTED" && reason.trim() ? [{ term: "Reason", value: reason.trim() }] : []),
                  { term: "What happens to each", value: SHIPMENT_MOVES[confirming].what },
                ]
              : []
          }
          confirmLabel={confirming ? `${SHIPMENT_MOVES[confirming].verb} ${selected.length}` : ""}
          danger={confirming === "REJECTED"}
          onConfirm={() => {
            if (confirming) move.mutate(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        />
      </section>
      <QueueTable
        testId="admin-shipments"
        rowTestId="admin-shipment"
        rows={shipments}
        columns={[
          {
            header: <span className="visually-hidden">Selected</span>,
            cell: (s) => (
              <input
                type="checkbox"
                aria-label={`Select ${rowLabel(s)}`}
                checked={chosen.has(s.id)}
                onChange={(event) => toggle(s.id, event.target.checked)}
              />
            ),
          },
          timeColumn("Requested", "createdAt"),
          { header: "Age", className: "small-text", cell: (s) => waitedFor(s.createdAt, now) },
          accountColumn(),
          { header: "Items", cell: (s) => s.items.map((item) => item.name).join(", ") },
          { header: "Address", className: "small-text shipment-address", cell: (s) => <ShipToAddress address={s.address} /> },
          { header: "Fee", numeric: true, cell: (s) => `$${s.fee}` },
          {
            header: "State",
            cell: (s) => (
              <>
                {s.state.toLowerCase()}
                {s.trackingNumber && (
                  <span className="hint">
                    {" "}
                    · {s.carrier} {s.trackingNumber}
                  </span>
                )}
                {s.reason && <span className="hint"> · {s.reason}</span>}
              </>
            ),
          },
          {
            header: "Action",
            cell: (s) => (
              <div className="stack">
                <ShipmentActions shipmentId={s.id} state={s.state} label={rowLabel(s)} />
                <Link href={packingListHref([s.id])} className="small-text" aria-label={`Packing list for ${rowLabel(s)}`}>
                  Packing list
                </Link>
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
