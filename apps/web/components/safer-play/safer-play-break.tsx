"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { errorMessage, fieldIssue } from "../../lib/error-message";
import { exclusionPeriodLabel, SAFER_PLAY_TEXT, SELF_EXCLUSION_OPTIONS, TIMEOUT_OPTIONS } from "../../lib/safer-play";
import { queryKeys, trpc } from "../../lib/trpc";
import { useNow } from "../../lib/use-now";
import { ErrorAlert } from "../ui/error-alert";
import { LocalTime } from "../ui/local-time";
import { useProtection, type PlayerProtection } from "./safer-play-limits";

type Exclusion = NonNullable<PlayerProtection["exclusion"]>;
type BreakPeriod = (typeof TIMEOUT_OPTIONS)[number]["period"] | (typeof SELF_EXCLUSION_OPTIONS)[number]["period"];

/** Time-out and self-exclusion: the one in force, asking to resume after one ended, and taking one. */
export function SaferPlayBreak({ initial }: { initial: PlayerProtection }) {
  const { data } = useProtection(initial);
  const exclusion = data.exclusion;
  return (
    <section className="card stack" aria-labelledby="break-heading">
      <h2 id="break-heading">Take a break</h2>
      <p className="muted small-text">{SAFER_PLAY_TEXT.breaks}</p>
      {exclusion && <CurrentBreak exclusion={exclusion} />}
      {(exclusion === null || exclusion.endsAt !== null) && <BreakForm extending={exclusion !== null} />}
    </section>
  );
}

function CurrentBreak({ exclusion }: { exclusion: Exclusion }) {
  const queryClient = useQueryClient();
  const now = useNow();
  const resume = useMutation({
    mutationFn: () => trpc.me.exclusion.resume.mutate(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.limits.get() }),
  });
  const ended = exclusion.endsAt !== null && now > 0 && now >= Date.parse(exclusion.endsAt);
  const what = exclusion.kind === "timeout" ? "time-out" : "self-exclusion";
  return (
    <div className="alert warn stack" data-testid="current-break">
      {ended ? (
        <p>
          Your {what} ({exclusionPeriodLabel(exclusion.period).toLowerCase()}) ended at <LocalTime iso={exclusion.endsAt ?? ""} />.{" "}
          {exclusion.resumesAt ? (
            <>
              You asked to play again: play resumes at <LocalTime iso={exclusion.resumesAt} />, 24 hours after you asked.
            </>
          ) : (
            "Play resumes 24 hours after you ask for it."
          )}
        </p>
      ) : (
        <p>
          {exclusion.kind === "timeout" ? "You are taking a time-out" : "You have excluded yourself"}{" "}
          {exclusion.endsAt ? (
            <>
              until <LocalTime iso={exclusion.endsAt} />
            </>
          ) : (
            "permanently"
          )}{" "}
          (since <LocalTime iso={exclusion.startsAt} />
          ). Nobody can end it early.
        </p>
      )}
      {ended && !exclusion.resumesAt && (
        <>
          <button type="button" className="button small safer-action" disabled={resume.isPending} onClick={() => resume.mutate()}>
            Ask to resume play
          </button>
          <ErrorAlert error={resume.error} />
        </>
      )}
    </div>
  );
}

function BreakForm({ extending }: { extending: boolean }) {
  const queryClient = useQueryClient();
  const ids = { password: useId(), passwordError: useId(), periodError: useId(), confirm: useId(), confirmError: useId() };
  const [period, setPeriod] = useState<BreakPeriod | null>(null);
  const [password, setPassword] = useState("");
  const [understood, setUnderstood] = useState(false);
  const [invalid, setInvalid] = useState<{ period?: string; password?: string; confirm?: string }>({});
  const start = useMutation({
    mutationFn: (input: { period: BreakPeriod; password: string }) => trpc.me.exclusion.set.mutate(input),
    onSuccess: () => {
      setPassword("");
      setUnderstood(false);
      setPeriod(null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.limits.get() }),
  });
  const passwordError = invalid.password ?? fieldIssue(start.error, "password");
  const selfExclusion = SELF_EXCLUSION_OPTIONS.some((option) => option.period === period);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (start.isPending) return;
    start.reset();
    const problems = {
      period: period ? undefined : "Choose how long.",
      password: password ? undefined : "Enter your password.",
      confirm: understood ? undefined : "Confirm that you understand it cannot be ended early.",
    };
    setInvalid(problems);
    if (!period || problems.password || problems.confirm) return;
    start.mutate({ period, password });
  }

  const choice = (option: { period: BreakPeriod; label: string }) => (
    <label key={option.period} className={`chip${period === option.period ? " is-selected" : ""}`}>
      <input
        type="radio"
        name="break-period"
        value={option.period}
        checked={period === option.period}
        onChange={() => setPeriod(option.period)}
        aria-describedby={invalid.period ? ids.periodError : undefined}
      />
      <span>{option.label}</span>
    </label>
  );

  return (
    <form className="form safer-break-form" onSubmit={onSubmit} noValidate aria-label="Start a time-out or self-exclusion">
      {extending && <p className="small-text muted">A new break must end no earlier than the one in force.</p>}
      <fieldset className="safer-choices">
        <legend>Time-out</legend>
        <div className="chips">{TIMEOUT_OPTIONS.map(choice)}</div>
      </fieldset>
      <fieldset className="safer-choices">
        <legend>Self-exclusion</legend>
        <div className="chips">{SELF_EXCLUSION_OPTIONS.map(choice)}</div>
      </fieldset>
      <ErrorAlert inline id={ids.periodError} error={invalid.period} />
      <div className="field">
        <label htmlFor={ids.password}>Your password</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? ids.passwordError : undefined}
        />
        <ErrorAlert inline id={ids.passwordError} error={passwordError ? `Password: ${passwordError.replace(/^password: /, "")}` : null} />
      </div>
      <div className="stack safer-confirm">
        <label className="safer-check" htmlFor={ids.confirm}>
          <input
            id={ids.confirm}
            type="checkbox"
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            aria-invalid={invalid.confirm ? true : undefined}
            aria-describedby={invalid.confirm ? ids.confirmError : undefined}
          />
          <span>
            I understand that it starts now and that nobody, not me and not support, can end it early
            {selfExclusion ? "; afterwards I must ask to play again and wait 24 hours" : ""}.
          </span>
        </label>
        <ErrorAlert inline id={ids.confirmError} error={invalid.confirm} />
      </div>
      <button type="submit" className="button danger" disabled={start.isPending}>
        {start.isPending && <span className="spinner" aria-hidden="true" />}
        {period === null
          ? "Start the break"
          : `${selfExclusion ? "Exclude me" : "Start a time-out"}: ${exclusionPeriodLabel(period).toLowerCase()}`}
      </button>
      {!fieldIssue(start.error, "password") && <ErrorAlert error={start.error ? errorMessage(start.error) : null} />}
    </form>
  );
}
