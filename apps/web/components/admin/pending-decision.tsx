"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { DecisionButtons } from "./decision-buttons";
import { ErrorAlert } from "../ui/error-alert";
import { useRequestKey } from "./request-key";

type Decision = "approve" | "reject";

type Decide = (id: string, decision: Decision, requestKey: string) => Promise<unknown>;

/** What waits on the Approvals page for a second admin, and the procedure that decides each. */
const DECIDE: Record<"credit" | "setting", Decide> = {
  credit: (id, decision, requestKey) => trpc.admin.credits.decide.mutate({ pendingCreditId: id, decision, requestKey }),
  // A raise of a money setting (it takes effect when approved) or a grant of the admin role.
  setting: (id, decision, requestKey) => trpc.admin.settings.decideChange.mutate({ pendingChangeId: id, decision, requestKey }),
};

/** What approving and rejecting each kind does, shown in the confirmation. */
const CONSEQUENCES: Record<keyof typeof DECIDE, Record<Decision, string>> = {
  credit: {
    approve: "The credit is applied to the account's balance at once.",
    reject: "The credit is dropped: nothing is credited.",
  },
  setting: {
    approve: "The change takes effect at once.",
    reject: "The request is dropped: nothing changes.",
  },
};

/** Approve or reject one pending request; the admin who asked for it sees why they cannot. */
export function PendingDecision({
  kind,
  id,
  label,
  ownRequest,
}: {
  kind: keyof typeof DECIDE;
  id: string;
  label: string;
  ownRequest: boolean;
}) {
  const router = useRouter();
  const [requestKey] = useRequestKey();
  const decide = useMutation({
    mutationFn: (decision: Decision) => DECIDE[kind](id, decision, requestKey),
    onSuccess: () => router.refresh(),
  });
  if (ownRequest) return <span className="muted small-text">Yours: another admin decides</span>;
  return (
    <div className="stack">
      <DecisionButtons
        label={label}
        consequences={CONSEQUENCES[kind]}
        pending={decide.isPending}
        onDecide={(decision) => decide.mutate(decision)}
      />
      <ErrorAlert error={decide.error} inline />
    </div>
  );
}
