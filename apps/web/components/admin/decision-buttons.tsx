"use client";

export type Decision = "approve" | "reject";

/** The console's Approve / Reject pair for one request, named for it (label) so each row's buttons differ. */
export function DecisionButtons({ label, pending, onDecide }: { label: string; pending: boolean; onDecide: (decision: Decision) => void }) {
  return (
    <div className="row">
      <button type="button" className="button small" disabled={pending} aria-label={`Approve ${label}`} onClick={() => onDecide("approve")}>
        Approve
      </button>
      <button
        type="button"
        className="button ghost small"
        disabled={pending}
        aria-label={`Reject ${label}`}
        onClick={() => onDecide("reject")}
      >
        Reject
      </button>
    </div>
  );
}
