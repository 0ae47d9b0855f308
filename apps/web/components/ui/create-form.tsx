"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { ErrorAlert } from "./error-alert";
import { useHydrated } from "./use-hydrated";

/**
 * The form that adds one thing to a list (an API key, a webhook endpoint): its fields, what is
 * wrong, the submit button. `check` names a problem with the input before any round trip (or
 * null); `busy` and `error` are the caller's mutation's (useMutation), whose `mutate` `onSubmit`
 * calls. One submit at a time, and none before the form is hydrated.
 */
export function CreateForm({
  label,
  className = "form",
  submitLabel,
  check,
  busy,
  error,
  onSubmit,
  children,
}: {
  /** The form's accessible name, when the page has no heading for it. */
  label?: string;
  className?: string;
  submitLabel: string;
  check: () => string | null;
  busy: boolean;
  error: unknown;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const [invalid, setInvalid] = useState<string | null>(null);
  const hydrated = useHydrated();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = check();
    setInvalid(problem);
    if (!problem) onSubmit();
  }

  return (
    <form className={className} onSubmit={submit} noValidate aria-label={label}>
      <fieldset className="contents" disabled={!hydrated}>
        {children}
        <ErrorAlert error={invalid ?? error} />
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? <span className="spinner" aria-hidden="true" /> : null}
            {submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
