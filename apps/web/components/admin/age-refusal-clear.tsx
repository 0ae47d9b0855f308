"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";
import { useRequestKey } from "./request-key";

/** Clears one refused date of birth after the operator's review: the next date offered is checked afresh. */
export function AgeRefusalClear({ ageRefusalId, label }: { ageRefusalId: string; label: string }) {
  const router = useRouter();
  const [requestKey] = useRequestKey();
  const [confirming, setConfirming] = useState(false);
  const clear = useMutation({
    mutationFn: () => trpc.admin.ageRefusals.clear.mutate({ ageRefusalId, requestKey }),
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="stack">
      <button
        type="button"
        className="button small"
        disabled={clear.isPending}
        aria-label={`Clear after review: ${label}`}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Clear after review
      </button>
      <ConfirmDialog
        open={confirming}
        title="Clear the refused date of birth"
        facts={[
          { term: "Refusal", value: label },
          { term: "What happens", value: "The refusal is cleared for good: the next date of birth the player gives is checked afresh." },
        ]}
        confirmLabel="Clear after review"
        onConfirm={() => {
          clear.mutate();
          setConfirming(false);
        }}
        onCancel={() => setConfirming(false)}
      />
      <ErrorAlert error={clear.error} inline />
    </div>
  );
}
