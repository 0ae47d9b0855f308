"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

/**
 * Rename or disable one creator code (#39), each an admin action in the admin log. Disabling is for
 * good: the code takes no new referral and its referrals' commission windows end now; what
 * accrued stays the creator's. Each submission carries its own key, so a repeated click applies once.
 */
export function CreatorCodeActions({ id, code, disabled }: { id: string; code: string; disabled: boolean }) {
  const router = useRouter();
  const [requestKey, renewKey] = useRequestKey();
  const [name, setName] = useState(code);
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const action = useMutation({
    mutationFn: (perform: () => Promise<unknown>) => perform(),
    onSuccess: () => {
      setConfirming(false);
      renewKey();
      router.refresh();
    },
  });
  const busy = action.isPending || !hydrated;
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === code) return;
    action.mutate(() => trpc.admin.creators.rename.mutate({ id, code: name.trim(), requestKey }));
  };
  return (
    <div className="stack">
      <form className="row" onSubmit={rename}>
        <label htmlFor={`rename-${id}`} className="visually-hidden">
          New code for {code}
        </label>
        <input
          id={`rename-${id}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          pattern="[A-Za-z0-9\-]{3,16}"
          maxLength={16}
          required
          size={12}
        />
        <button className="button ghost small" disabled={busy || name.trim() === code}>
          Rename
        </button>
        {!disabled &&
          (confirming ? (
            <>
              <button
                type="button"
                className="button danger small"
                disabled={busy}
                onClick={() => action.mutate(() => trpc.admin.creators.disable.mutate({ id, requestKey }))}
              >
                Disable {code} for good
              </button>
              <button type="button" className="button ghost small" disabled={busy} onClick={() => setConfirming(false)}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className="button ghost small" disabled={busy} onClick={() => setConfirming(true)}>
              Disable…
            </button>
          ))}
      </form>
      <ErrorAlert inline error={action.error} />
    </div>
  );
}
