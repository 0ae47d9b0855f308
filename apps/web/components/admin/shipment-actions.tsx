"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { ShipmentState } from "@prizepacks/core";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { ReasonField } from "./reason-field";
import { useRequestKey } from "./request-key";

type Move = "APPROVED" | "REJECTED" | "SHIPPED" | "DELIVERED" | "RETURNED";

/** Each move's confirmation: none can be taken back, and a rejection refunds the fee. */
export const SHIPMENT_MOVES: Record<Move, { verb: string; what: string }> = {
  APPROVED: { verb: "Approve", what: "The shipment is approved for packing; the player can no longer cancel it." },
  REJECTED: { verb: "Reject", what: "The items go back to the player's inventory and the fee back to their balance; they see the reason." },
  SHIPPED: { verb: "Mark shipped", what: "The player is told it is on its way, with the carrier and tracking number." },
  DELIVERED: { verb: "Mark delivered", what: "The shipment is closed as delivered." },
  RETURNED: { verb: "Mark returned", what: "The shipment is closed as returned to the operator." },
};

/** The operator's moves on one shipment, as its state allows: approve or reject (reason), ship (carrier, tracking), delivered or returned. */
export function ShipmentActions({ shipmentId, state, label }: { shipmentId: string; state: ShipmentState; label: string }) {
  const router = useRouter();
  const carrierId = useId();
  const trackingId = useId();
  const [requestKey, renewKey] = useRequestKey();
  const [reason, setReason] = useState("");
  const [carrier, setCarrier] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [confirming, setConfirming] = useState<Move | null>(null);
  const move = useMutation({
    mutationFn: async (to: Move) => {
      const { skipped } = await trpc.admin.shipments.move.mutate({
        ids: [shipmentId],
        to,
        requestKey,
        ...(to === "REJECTED" && { reason: reason.trim() }),
        ...(to === "SHIPPED" && { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() }),
      });
      // A selection of one: its skip (decided meanwhile, or the admin's own) is this form's error.
      if (skipped[0]) throw new Error(skipped[0].reason);
    },
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const button = (to: Move, text: string, ghost = false) => (
    <button
      type="button"
      className={ghost ? "button ghost small" : "button small"}
      disabled={move.isPending}
      aria-label={`${text} ${label}`}
      aria-haspopup="dialog"
      onClick={() => setConfirming(to)}
    >
      {text}
    </button>
  );
  const confirmation = (
    <ConfirmDialog
      open={confirming !== null}
      title={confirming ? `${SHIPMENT_MOVES[confirming].verb}: ${label}` : ""}
      facts={
        confirming
          ? [
              { term: "Shipment", value: label },
              ...(confirming === "SHIPPED" ? [{ term: "Carrier and tracking", value: `${carrier.trim()} ${trackingNumber.trim()}` }] : []),
              ...(confirming === "REJECTED" && reason.trim() ? [{ term: "Reason", value: reason.trim() }] : []),
              { term: "What happens", value: SHIPMENT_MOVES[confirming].what },
            ]
          : []
      }
      confirmLabel={confirming ? SHIPMENT_MOVES[confirming].verb : ""}
      danger={confirming === "REJECTED" || confirming === "RETURNED"}
      onConfirm={() => {
        if (confirming) move.mutate(confirming);
        setConfirming(null);
      }}
      onCancel={() => setConfirming(null)}
    />
  );
  if (state === "REQUESTED")
    return (
      <div className="stack">
        <ReasonField value={reason} onChange={setReason} />
        <div className="row">
          {button("APPROVED", "Approve")}
          {button("REJECTED", "Reject", true)}
        </div>
        <ErrorAlert error={move.error} inline />
        {confirmation}
      </div>
    );
  if (state === "APPROVED")
    return (
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming("SHIPPED");
        }}
      >
        <div className="field">
          <label htmlFor={carrierId} className="small-text">
            Carrier
          </label>
          <input id={carrierId} value={carrier} maxLength={100} required onChange={(event) => setCarrier(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={trackingId} className="small-text">
            Tracking number
          </label>
          <input
            id={trackingId}
            value={trackingNumber}
            maxLength={100}
            required
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </div>
        <button type="submit" className="button small" disabled={move.isPending} aria-label={`Mark shipped ${label}`}>
          Mark shipped
        </button>
        <ErrorAlert error={move.error} inline />
        {confirmation}
      </form>
    );
  if (state === "SHIPPED")
    return (
      <div className="stack">
        <div className="row">
          {button("DELIVERED", "Delivered")}
          {button("RETURNED", "Returned", true)}
        </div>
        <ErrorAlert error={move.error} inline />
        {confirmation}
      </div>
    );
  return null;
}
