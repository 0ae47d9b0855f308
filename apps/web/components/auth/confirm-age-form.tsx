"use client";
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { trpc } from "../../lib/trpc";
import { DateOfBirthField } from "../ui/date-of-birth-field";
import { SubmitButton } from "../ui/submit-button";

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
      <DateOfBirthField error={confirm.error} hint={`You must be ${minimumAge} or older. It cannot be changed here once confirmed.`} />
      <SubmitButton busy={confirm.isPending} busyText="Confirming…" disabled={confirm.isSuccess}>
        Confirm my date of birth
      </SubmitButton>
      <p className="muted small-text">
        <Link href="/">Back to the packs</Link>
      </p>
    </form>
  );
}
