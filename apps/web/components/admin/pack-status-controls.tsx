"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";

export function PackStatusControls({ slug, active, archived, hasSpins }: { slug: string; active: boolean; archived: boolean; hasSpins: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, after?: () => void) {
    setBusy(true);
    setError(null);
    try {
      await action();
      after?.();
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }
  if (archived) return <p className="alert info">This pack is archived: off sale for good, kept so its draws stay verifiable.</p>;
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="button small" disabled={busy} onClick={() => run(() => trpc.admin.packs.setActive.mutate({ slug, active: !active }))}>
          {active ? "Deactivate" : "Activate"}
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={busy}
          onClick={() => confirm(`Archive ${slug}? It goes off sale for good.`) && run(() => trpc.admin.packs.archive.mutate({ slug }))}
        >
          Archive
        </button>
        {!hasSpins && (
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            onClick={() => confirm(`Delete ${slug}? Only packs never opened can be deleted.`) && run(() => trpc.admin.packs.delete.mutate({ slug }), () => router.push("/admin/packs"))}
          >
            Delete
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </div>
  );
}
