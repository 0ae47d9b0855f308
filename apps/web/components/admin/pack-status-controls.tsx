"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";

type Change = "toggle" | "archive" | "delete";

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
          onClick={() => confirm(`Archive ${slug}? It goes off sale for good.`) && change.mutate("archive")}
        >
          Archive
        </button>
        {!hasSpins && (
          <button
            type="button"
            className="button danger small"
            disabled={busy}
            onClick={() => confirm(`Delete ${slug}? Only packs never opened can be deleted.`) && change.mutate("delete")}
          >
            Delete
          </button>
        )}
      </div>
      <ErrorAlert error={change.error} />
    </div>
  );
}
