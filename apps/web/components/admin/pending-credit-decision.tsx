"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../error-alert";
import { useRequestKey } from "./request-key";

/** Approve or reject one pending credit; the admin who asked for it sees why they cannot. */
export function PendingCreditDecision({
  pendingCreditId,
  label,
  ownRequest,
}: {
  pendingCreditId: string;
  label: string;
  ownRequest: boolean;
}) {
  const router = useRouter();
  const [requestKey] = useRequestKey();
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") => trpc.admin.credits.decide.mutate({ pendingCreditId, decision, requestKey }),
    onSuccess: () => router.refresh(),
  });
  if (ownRequest) return <span className="muted small-text">Yours: another admin decides</span>;
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          className="button small"
          disabled={decide.isPending}
          aria-label={`Approve ${label}`}
          onClick={() => decide.mutate("approve")}
        >
          Approve
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={decide.isPending}
          aria-label={`Reject ${label}`}
          onClick={() => decide.mutate("reject")}
        >
          Reject
        </button>
      </div>
      <ErrorAlert error={decide.error} inline />
    </div>
  );
}
