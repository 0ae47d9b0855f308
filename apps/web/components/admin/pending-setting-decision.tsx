"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { DecisionButtons } from "./decision-buttons";
import { ErrorAlert } from "../error-alert";
import { useRequestKey } from "./request-key";

/** Approve (it takes effect now) or reject one raise of a money setting or grant of the admin role; the admin who asked sees why they cannot. */
export function PendingSettingDecision({
  pendingChangeId,
  label,
  ownRequest,
}: {
  pendingChangeId: string;
  label: string;
  ownRequest: boolean;
}) {
  const router = useRouter();
  const [requestKey] = useRequestKey();
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") => trpc.admin.settings.decideChange.mutate({ pendingChangeId, decision, requestKey }),
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
