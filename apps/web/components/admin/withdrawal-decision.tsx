"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { DecisionButtons } from "./decision-buttons";
import { MoneySettingForm } from "./money-setting-form";
import { ErrorAlert } from "../ui/error-alert";
import { ReasonField } from "./reason-field";
import { useRequestKey } from "./request-key";

/** Approve (the payout starts) or reject (with a reason the player sees) one requested withdrawal. */
export function WithdrawalDecision({ withdrawalId, label, own }: { withdrawalId: string; label: string; own: boolean }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [reason, setReason] = useState("");
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") =>
      trpc.admin.withdrawals.decide.mutate({ withdrawalId, decision, requestKey, ...(reason.trim() && { reason: reason.trim() }) }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  if (own) return <span className="muted small-text">Yours: another admin decides</span>;
  return (
    <div className="stack">
      <ReasonField value={reason} onChange={setReason} />
      <DecisionButtons
        label={label}
        consequences={{
          approve: "The payout to the player starts: it cannot be taken back.",
          reject: "The amount goes back to the player's balance; they see the reason given.",
        }}
        pending={decide.isPending}
        onDecide={(decision) => decide.mutate(decision)}
      />
      <ErrorAlert error={decide.error} inline />
    </div>
  );
}

/** The operator's automatic approval: withdrawals below this amount need no admin (0 turns it off). */
export function WithdrawalAutoApproveForm({ current }: { current: string }) {
  return (
    <MoneySettingForm
      label="Approve automatically below ($, 0 = never)"
      current={current}
      save={(autoApproveBelow, requestKey) => trpc.admin.withdrawals.setSettings.mutate({ autoApproveBelow, requestKey })}
      appliedText={(value) =>
        value === "0.00" ? "Saved: automatic approval is now off." : `Saved: automatic approval is now below $${value}.`
      }
    />
  );
}
