"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { SAFER_PLAY_TEXT } from "../../lib/safer-play";
import { queryKeys, trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";

const CHOICES = [15, 30, 60] as const;
type Minutes = (typeof CHOICES)[number];

/** The player's reality-check interval, saved as soon as it is chosen. */
export function RealityCheckSetting({ initialMinutes }: { initialMinutes: Minutes }) {
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState<Minutes>(initialMinutes);
  const [saved, setSaved] = useState<Minutes | null>(null);
  const save = useMutation({
    mutationFn: (value: Minutes) => trpc.me.realityCheck.set.mutate({ minutes: value }),
    onSuccess: (result) => {
      setSaved(result.minutes);
      // The dialog's timer takes the new interval at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.realityCheck.get() });
    },
    onError: () => setMinutes(initialMinutes),
  });
  return (
    <section className="card stack" aria-labelledby="reality-check-heading">
      <h2 id="reality-check-heading">Reality check</h2>
      <p className="muted small-text">{SAFER_PLAY_TEXT.realityCheck}</p>
      <fieldset className="safer-choices" disabled={save.isPending}>
        <legend>Remind me every</legend>
        <div className="chips">
          {CHOICES.map((choice) => (
            <label key={choice} className={`chip${choice === minutes ? " is-selected" : ""}`}>
              <input
                type="radio"
                name="reality-check-minutes"
                value={choice}
                checked={choice === minutes}
                onChange={() => {
                  setMinutes(choice);
                  setSaved(null);
                  save.mutate(choice);
                }}
              />
              <span>{choice} minutes</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div role="status">{saved !== null && <p className="alert success small-text">Saved: a reality check every {saved} minutes.</p>}</div>
      <ErrorAlert error={save.error} />
    </section>
  );
}
