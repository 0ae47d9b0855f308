"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { useRequestKey } from "./request-key";

/** Clears one refused date of birth after the operator's review: the next date offered is checked afresh. */
export function AgeRefusalClear({ ageRefusalId, label }: { ageRefusalId: string; label: string }) {
  const router = useRouter();
  const [requestKey] = useRequestKey();
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
        onClick={() => clear.mutate()}
      >
        Clear after review
      </button>
      <ErrorAlert error={clear.error} inline />
    </div>
  );
}
