"use client";
import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog";

export type Decision = "approve" | "reject";

/**
 * The console's Approve / Reject pair for one request, named for it (label) so each row's buttons
 * differ. A decision moves money or cannot be taken back, so each is confirmed first in the
 * app's dialog, which says what it does (`consequences`).
 */
export function DecisionButtons({
  label,
  consequences,
  pending,
  onDecide,
}: {
  label: string;
  consequences: Record<Decision, string>;
  pending: boolean;
  onDecide: (decision: Decision) => void;
}) {
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const verb = confirming === "reject" ? "Reject" : "Approve";
  return (
    <div className="row">
      <button
        type="button"
        className="button small"
        disabled={pending}
        aria-label={`Approve ${label}`}
        aria-haspopup="dialog"
        onClick={() => setConfirming("approve")}
      >
        Approve
      </button>
      <button
        type="button"
        className="button ghost small"
        disabled={pending}
        aria-label={`Reject ${label}`}
        aria-haspopup="dialog"
        onClick={() => setConfirming("reject")}
      >
        Reject
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={`${verb} ${label}`}
        facts={[
          { term: "Request", value: label },
          { term: "What happens", value: confirming ? consequences[confirming] : "" },
        ]}
        confirmLabel={verb}
        danger={confirming === "reject"}
        onConfirm={() => {
          if (confirming) onDecide(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
