"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { MoneySettingChange } from "@prizepacks/core";
import { ErrorAlert } from "../ui/error-alert";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

/**
 * One money setting of the console (money-settings.ts): a lowering applies at once, a raise
 * waits for another admin on the Approvals page, and the form says which happened. The field
 * stays disabled until React has hydrated (text typed before then would never reach its state);
 * `data-ready` tells a test when it is live.
 */
export function MoneySettingForm({
  label,
  current,
  save,
  appliedText,
  pendingText = (requested) => `A raise to $${requested}`,
  inputMode = "decimal",
}: {
  label: string;
  current: string;
  save: (value: string, requestKey: string) => Promise<MoneySettingChange>;
  /** What the form says once a change applied. */
  appliedText: (value: string) => string;
  /** The change that waits, as the sentence "… waits for another admin" starts. */
  pendingText?: (requested: string) => string;
  inputMode?: "decimal" | "numeric";
}) {
  const router = useRouter();
  const inputId = useId();
  const [requestKey, renewKey] = useRequestKey();
  const [value, setValue] = useState(current);
  const ready = useHydrated();
  const change = useMutation({
    mutationFn: () => save(value.trim(), requestKey),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const result = change.data;
  return (
    <form
      className="row"
      data-ready={ready}
      aria-busy={change.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (!change.isPending) change.mutate();
      }}
    >
      <fieldset className="contents" disabled={!ready}>
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <input id={inputId} inputMode={inputMode} value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
        <button type="submit" className="button small" disabled={change.isPending}>
          Save
        </button>
      </fieldset>
      <ErrorAlert error={change.error} inline />
      {result?.status === "applied" && (
        <p role="status" className="small-text" data-testid="setting-applied">
          {appliedText(result.value)}
        </p>
      )}
      {result?.status === "pending" && (
        <p role="status" className="small-text" data-testid="setting-pending">
          {pendingText(result.requested)} waits for another admin on the <Link href="/admin/approvals">Approvals</Link> page.
        </p>
      )}
    </form>
  );
}
