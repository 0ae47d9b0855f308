"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";

/** The expected-return range a pack must be in to be published. */
export function RtpRangeForm({ minPercent, maxPercent }: { minPercent: string; maxPercent: string }) {
  const router = useRouter();
  const [min, setMin] = useState(minPercent);
  const [max, setMax] = useState(maxPercent);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await trpc.admin.settings.setRtpRange.mutate({ minPercent: min, maxPercent: max });
      setSaved(true);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  }
  return (
    <form className="row" onSubmit={save} aria-label="Publishable expected return">
      <span className="muted small-text">Publishable expected return</span>
      <label>
        from <input aria-label="Minimum return %" value={min} onChange={(e) => setMin(e.target.value)} size={6} />%
      </label>
      <label>
        to <input aria-label="Maximum return %" value={max} onChange={(e) => setMax(e.target.value)} size={6} />%
      </label>
      <button className="button ghost small">Save range</button>
      {saved && (
        <span role="status" className="small-text positive">
          Saved.
        </span>
      )}
      {error && (
        <span role="alert" className="small-text negative">
          {error}
        </span>
      )}
    </form>
  );
}
