"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { trpc } from "../lib/trpc";
import { ErrorAlert } from "./error-alert";

/** An account from before the age gate confirms its date of birth once; the page then shows it. */
export function ConfirmAgeForm({ minimumAge }: { minimumAge: number }) {
  const router = useRouter();
  const confirm = useMutation({
    mutationFn: (dateOfBirth: string) => trpc.me.age.confirm.mutate({ dateOfBirth }),
    onSuccess: () => router.refresh(),
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const dateOfBirth = new FormData(event.currentTarget).get("dateOfBirth");
    if (typeof dateOfBirth === "string") confirm.mutate(dateOfBirth);
  }
  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor="dateOfBirth">Date of birth</label>
        <input
          id="dateOfBirth"
          name="dateOfBirth"
          type="date"
          required
          autoComplete="bday"
          aria-invalid={confirm.error ? true : undefined}
          aria-describedby={confirm.error ? "date-of-birth-hint date-of-birth-error" : "date-of-birth-hint"}
        />
        <span id="date-of-birth-hint" className="hint">
          You must be {minimumAge} or older. It cannot be changed here once confirmed.
        </span>
        <ErrorAlert error={confirm.error} inline id="date-of-birth-error" testId="date-of-birth-error" />
      </div>
      <button className="button" type="submit" disabled={confirm.isPending || confirm.isSuccess}>
        {confirm.isPending ? "Confirming…" : "Confirm my date of birth"}
      </button>
      <p className="muted small-text">
        <Link href="/">Back to the packs</Link>
      </p>
    </form>
  );
}
