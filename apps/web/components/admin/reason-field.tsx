"use client";
import { useId } from "react";

/** The reason a rejection needs (the player sees it): one field for every console decision that can reject. */
export function ReasonField({
  value,
  onChange,
  label = "Reason (needed to reject)",
}: {
  value: string;
  onChange: (reason: string) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="small-text">
        {label}
      </label>
      <input id={id} value={value} maxLength={500} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
