"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { ExclusionPeriod } from "@prizepacks/core";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { ConfirmByTyping, typedMatches } from "../ui/confirm-by-typing";
import { useRequestKey } from "./request-key";

// Every period there is (the Record's type makes a new one a compile error until it is named here).
const PERIOD_LABELS: Record<ExclusionPeriod, string> = {
  "24h": "Time-out: 24 hours",
  "7d": "Time-out: 7 days",
  "30d": "Time-out: 30 days",
  "6w": "Time-out: 6 weeks",
  "6m": "Self-exclusion: 6 months",
  "1y": "Self-exclusion: 1 year",
  "5y": "Self-exclusion: 5 years",
  permanent: "Self-exclusion: permanent",
};

/**
 * "Exclude on the player's request": the period, then the account's e-mail typed back, like the
 * console's other irreversible actions; one key per submission. Nobody can undo it early.
 */
export function ExcludeOnRequest({ account }: { account: { id: string; email: string } }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<ExclusionPeriod>("24h");
  const [typed, setTyped] = useState("");
  const exclude = useMutation({
    mutationFn: () => trpc.admin.protection.exclude.mutate({ userId: account.id, period, confirmation: typed, requestKey }),
    onSuccess: () => {
      setOpen(false);
      setTyped("");
      renewKey();
      router.refresh();
    },
  });
  const confirmed = typedMatches(typed, account.email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) exclude.mutate();
  };
  return (
    <div className="stack">
      {!open ? (
        <div className="row">
          <button
            type="button"
            className="button danger small"
            onClick={() => {
              exclude.reset();
              setOpen(true);
            }}
          >
            Exclude on the player&apos;s request…
          </button>
        </div>
      ) : (
        <form className="stack admin-confirm" onSubmit={submit} aria-labelledby="exclude-heading" data-testid="exclude-on-request">
          <h3 id="exclude-heading">Exclude on the player&apos;s request</h3>
          <p className="small-text muted">
            Starts now and cannot be ended early by anyone: not the player, not an operator. Openings and deposits stop; selling and
            withdrawing still work.
          </p>
          <div className="field">
            <label htmlFor="admin-exclusion-period" className="label">
              Period
            </label>
            <select id="admin-exclusion-period" value={period} onChange={(e) => setPeriod(e.target.value as ExclusionPeriod)}>
              {(Object.keys(PERIOD_LABELS) as ExclusionPeriod[]).map((choice) => (
                <option key={choice} value={choice}>
                  {PERIOD_LABELS[choice]}
                </option>
              ))}
            </select>
          </div>
          <ConfirmByTyping
            id="admin-exclusion-confirm"
            expected={account.email}
            typed={typed}
            onTyped={setTyped}
            busy={exclude.isPending}
            onCancel={() => setOpen(false)}
          >
            Exclude ({period})
          </ConfirmByTyping>
        </form>
      )}
      <ErrorAlert error={exclude.error} />
      {exclude.isSuccess && (
        <p role="status" className="alert success">
          Excluded ({exclude.data.period}) until {exclude.data.endsAt ?? "permanently"}.
        </p>
      )}
    </div>
  );
}
