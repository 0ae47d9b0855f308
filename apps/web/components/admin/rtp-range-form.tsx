"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";

/** The expected-return range a pack must be in to be published. */
export function RtpRangeForm({ minPercent, maxPercent }: { minPercent: string; maxPercent: string }) {
  const router = useRouter();
  const [min, setMin] = useState(minPercent);
  const [max, setMax] = useState(maxPercent);
  const save = useMutation({
    mutationFn: (range: { minPercent: string; maxPercent: string }) => trpc.admin.settings.setRtpRange.mutate(range),
    onSuccess: () => router.refresh(),
  });
  return (
    <form
      className="row"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ minPercent: min, maxPercent: max });
      }}
      aria-label="Publishable expected return"
    >
      <span className="muted small-text">Publishable expected return</span>
      <label>
        from <input aria-label="Minimum return %" value={min} onChange={(e) => setMin(e.target.value)} size={6} />%
      </label>
      <label>
        to <input aria-label="Maximum return %" value={max} onChange={(e) => setMax(e.target.value)} size={6} />%
      </label>
      <button className="button ghost small" disabled={save.isPending}>
        Save range
      </button>
      {save.isSuccess && (
        <span role="status" className="small-text positive">
          Saved.
        </span>
      )}
      <ErrorAlert inline error={save.error} />
    </form>
  );
}
