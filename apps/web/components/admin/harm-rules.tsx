"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import type { HarmMarker } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { useRequestKey } from "./request-key";

const UNIT_TEXT: Record<string, string> = { money: "Amount ($)", count: "Times", minutes: "Minutes", hours: "Hours", days: "Days" };

/** One marker's threshold: its rule in words, a field and Save (one key per submission). */
export function HarmRuleForm({ rule }: { rule: { marker: HarmMarker; label: string; rule: string; unit: string; threshold: string } }) {
  const router = useRouter();
  const id = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [threshold, setThreshold] = useState(rule.threshold);
  const save = useMutation({
    mutationFn: () => trpc.admin.harm.setRule.mutate({ marker: rule.marker, threshold: threshold.trim(), requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{rule.label}</h2>
      <p className="muted small-text">{rule.rule}</p>
      <form className="row admin-filters" onSubmit={submit} aria-busy={save.isPending} data-ready={ready}>
        <div className="field">
          <label htmlFor={id} className="label">
            {UNIT_TEXT[rule.unit] ?? "Threshold"}
          </label>
          <input id={id} inputMode="decimal" value={threshold} maxLength={15} onChange={(event) => setThreshold(event.target.value)} />
        </div>
        <SubmitButton className="button small" busy={save.isPending} busyText="Saving…">
          Save
        </SubmitButton>
      </form>
      <ErrorAlert error={save.error} />
      {save.isSuccess && (
        <p role="status" className="alert success">
          Saved: {save.data.rule}
        </p>
      )}
    </section>
  );
}

/** The time zone local days and nights are counted in (accounts carry none). */
export function HarmTimeZoneForm({ timeZone: current }: { timeZone: string }) {
  const router = useRouter();
  const id = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [timeZone, setTimeZone] = useState(current);
  const save = useMutation({
    mutationFn: () => trpc.admin.harm.setTimeZone.mutate({ timeZone: timeZone.trim(), requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="card stack" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Time zone</h2>
      <p className="muted small-text">Night play and days running are counted in this time zone (accounts have none of their own).</p>
      <form className="row admin-filters" onSubmit={submit} aria-busy={save.isPending} data-ready={ready}>
        <div className="field">
          <label htmlFor={id} className="label">
            Time zone (e.g. Europe/London)
          </label>
          <input id={id} value={timeZone} maxLength={64} onChange={(event) => setTimeZone(event.target.value)} />
        </div>
        <SubmitButton className="button small" busy={save.isPending} busyText="Saving…">
          Save
        </SubmitButton>
      </form>
      <ErrorAlert error={save.error} />
      {save.isSuccess && (
        <p role="status" className="alert success">
          Saved: {save.data.timeZone}
        </p>
      )}
    </section>
  );
}
