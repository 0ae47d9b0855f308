"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import type { VerificationRequestView } from "@prizepacks/core";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

type Pending = { action: "ask"; reason: string; blocksPlay: boolean } | { action: "withdraw" };

/**
 * An operator's request for an identity check on one account: "Ask for an identity check" (a
 * reason the player is not shown, and whether play waits too; asking again replaces both) and
 * "Withdraw request", each confirmed in the console's dialog and sent with its request key.
 */
export function VerificationRequestForm({
  account,
  request,
  verified,
}: {
  account: { id: string; email: string };
  request: VerificationRequestView | null;
  verified: boolean;
}) {
  const router = useRouter();
  const reasonId = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [reason, setReason] = useState(request?.reason ?? "");
  const [blocksPlay, setBlocksPlay] = useState(request?.blocksPlay ?? false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (what: Pending) =>
      what.action === "ask"
        ? trpc.admin.verification.request.mutate({ userId: account.id, reason: what.reason, blocksPlay: what.blocksPlay, requestKey })
        : trpc.admin.verification.withdrawRequest.mutate({ userId: account.id, requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const confirm = () => {
    if (pending) act.mutate(pending);
    setPending(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    act.reset();
    if (!reason.trim()) {
      setProblem("Say why: the reason is kept for operators (the player is not shown it).");
      return;
    }
    setProblem(null);
    setPending({ action: "ask", reason: reason.trim(), blocksPlay });
  };
  if (verified && !request) return <p className="muted small-text">The identity is verified: nothing to ask.</p>;
  return (
    <div className="stack" data-testid="verification-request">
      {!verified && (
        <form className="stack" onSubmit={submit} noValidate aria-labelledby={`${reasonId}-heading`}>
          <h3 id={`${reasonId}-heading`}>{request ? "Change the request" : "Ask for an identity check"}</h3>
          <fieldset className="contents stack" disabled={!ready || act.isPending}>
            <div className="field">
              <label htmlFor={reasonId}>Reason (for operators; the player is not shown it)</label>
              <input
                id={reasonId}
                value={reason}
                maxLength={500}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${reasonId}-problem` : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
              <ErrorAlert error={problem} inline id={`${reasonId}-problem`} />
            </div>
            <label className="row small-text">
              <input type="checkbox" checked={blocksPlay} onChange={(event) => setBlocksPlay(event.target.checked)} />
              Hold play until the check is verified
            </label>
            <div className="row">
              <button type="submit" className="button small">
                {request ? "Update request…" : "Ask for an identity check…"}
              </button>
              {request && (
                <button type="button" className="button ghost small" onClick={() => setPending({ action: "withdraw" })}>
                  Withdraw request…
                </button>
              )}
            </div>
          </fieldset>
        </form>
      )}
      {verified && request && (
        <div className="row">
          <button type="button" className="button ghost small" disabled={!ready} onClick={() => setPending({ action: "withdraw" })}>
            Withdraw request…
          </button>
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === "withdraw" ? "Withdraw the identity check request" : "Ask for an identity check"}
        facts={[
          { term: "Account", value: account.email },
          ...(pending?.action === "ask"
            ? [
                { term: "Reason", value: pending.reason },
                { term: "Play", value: pending.blocksPlay ? "held until verified" : "goes on" },
              ]
            : []),
        ]}
        note={
          pending?.action === "withdraw"
            ? "Deposits (and play, if held) no longer wait for this request; other rules still apply."
            : "Until the identity is verified, the account's deposits and withdrawals wait for the check; the player is told a check is needed, not your reason."
        }
        confirmLabel={pending?.action === "withdraw" ? "Withdraw request" : request ? "Update request" : "Ask for the check"}
        danger={pending?.action === "ask" && pending.blocksPlay}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <ErrorAlert error={act.error} />
      {act.isSuccess && (
        <p role="status" className="alert success">
          {act.variables.action === "withdraw" ? "Request withdrawn." : "Identity check asked for."}
        </p>
      )}
    </div>
  );
}
