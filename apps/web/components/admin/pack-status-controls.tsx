"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ErrorAlert } from "../ui/error-alert";

type Change = "toggle" | "archive" | "delete";

/** What archiving and deleting do, said before either is done: neither can be undone. */
const IRREVERSIBLE = {
  archive: {
    title: "Archive",
    what: "Goes off sale for good. Kept, so its draws stay verifiable; it cannot be put back on sale.",
  },
  delete: {
    title: "Delete",
    what: "Deleted for good: this cannot be undone. Only a pack never opened can be deleted.",
  },
} as const;

export function PackStatusControls({
  slug,
  active,
  archived,
  hasSpins,
}: {
  slug: string;
  active: boolean;
  archived: boolean;
  hasSpins: boolean;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<keyof typeof IRREVERSIBLE | null>(null);
  const change = useMutation({
    mutationFn: async (kind: Change): Promise<unknown> => {
      switch (kind) {
        case "toggle":
          return trpc.admin.packs.setActive.mutate({ slug, active: !active });
        case "archive":
          return trpc.admin.packs.archive.mutate({ slug });
        case "delete":
          return trpc.admin.packs.delete.mutate({ slug });
      }
    },
    onSuccess: (_result, kind) => {
      if (kind === "delete") router.push("/admin/packs");
      router.refresh();
    },
  });
  const busy = change.isPending;
  if (archived) return <p className="alert info">This pack is archived: off sale for good, kept so its draws stay verifiable.</p>;
  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="button small" disabled={busy} onClick={() => change.mutate("toggle")}>
          {active ? "Deactivate" : "Activate"}
        </button>
        <button
          type="button"
          className="button ghost small"
          disabled={busy}
          onClick={() => setConfirming("archive")}
          aria-haspopup="dialog"
        >
          Archive…
        </button>
        {!hasSpins && (
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            onClick={() => setConfirming("delete")}
            aria-haspopup="dialog"
          >
            Delete…
          </button>
        )}
      </div>
      <ErrorAlert error={change.error} />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? `${IRREVERSIBLE[confirming].title} ${slug}` : ""}
        facts={
          confirming
            ? [
                { term: "Pack", value: slug },
                { term: "What happens", value: IRREVERSIBLE[confirming].what },
              ]
            : []
        }
        confirmLabel={confirming ? `${IRREVERSIBLE[confirming].title} ${slug}` : ""}
        danger
        onConfirm={() => {
          if (confirming) change.mutate(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
