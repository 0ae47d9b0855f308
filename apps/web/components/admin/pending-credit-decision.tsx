"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { DecisionButtons } from "./decision-buttons";
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
      <DecisionButtons label={label} pending={decide.isPending} onDecide={(decision) => decide.mutate(decision)} />
      <ErrorAlert error={decide.error} inline />
    </div>
  );
}
