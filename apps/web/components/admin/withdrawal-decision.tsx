"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { trpc } from "../../lib/trpc";
import { DecisionButtons } from "./decision-buttons";
import { ErrorAlert } from "../ui/error-alert";
import { useHydrated } from "../ui/use-hydrated";
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

/**
 * The operator's automatic approval: withdrawals below this amount need no admin (0 turns it off).
 * A raise waits for another admin; a lowering applies at once. The fields stay disabled until
 * React has hydrated (text typed before then would never reach its state); `data-ready` tells
 * a test when they are live.
 */
export function WithdrawalAutoApproveForm({ current }: { current: string }) {
  const router = useRouter();
  const inputId = useId();
  const [requestKey, renewKey] = useRequestKey();
  const [value, setValue] = useState(current);
  const ready = useHydrated();
  const save = useMutation({
    mutationFn: () => trpc.admin.withdrawals.setSettings.mutate({ autoApproveBelow: value.trim(), requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const result = save.data;
  return (
    <form
      className="row"
      data-ready={ready}
      aria-busy={save.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!save.isPending) save.mutate();
      }}
    >
      <fieldset className="contents" disabled={!ready}>
        <div className="field">
          <label htmlFor={inputId}>Approve automatically below ($, 0 = never)</label>
          <input id={inputId} inputMode="decimal" value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
        <button type="submit" className="button small" disabled={save.isPending}>
          Save
        </button>
      </fieldset>
      <ErrorAlert error={save.error} inline />
      {result?.status === "applied" && (
        <p role="status" className="small-text" data-testid="setting-applied">
          {result.value === "0.00" ? "Saved: automatic approval is now off." : `Saved: automatic approval is now below $${result.value}.`}
        </p>
      )}
      {result?.status === "pending" && (
        <p role="status" className="small-text" data-testid="setting-pending">
          A raise to ${result.requested} waits for another admin on the <Link href="/admin/approvals">Approvals</Link> page.
        </p>
      )}
    </form>
  );
}
