"use client";
import { useEffect, useRef, useState } from "react";
import { useFieldCheck } from "../../lib/use-field-check";
import { formatTypedDate, isoFromTypedDate } from "../../lib/typed-date";
import { ErrorAlert } from "./error-alert";
import { Field } from "./field";

const FORMAT_PROBLEM = "Enter your date of birth as DD/MM/YYYY, for example 17/04/1990.";

/**
 * The date of birth the age gate asks for (sign-up, or an older account's confirmation), typed
 * as day, month and year rather than picked: a date picker takes dozens of taps to reach 1990.
 * The form sends it as `dateOfBirth`, an ISO date; the server's refusal (`error`) shows beside it.
 */
export function DateOfBirthField({ hint, error }: { hint: string; error: unknown }) {
  const [typed, setTyped] = useState("");
  const iso = isoFromTypedDate(typed);
  const check = useFieldCheck(typed, (value) => (value === "" || isoFromTypedDate(value) ? null : FORMAT_PROBLEM));
  const inputRef = useRef<HTMLInputElement>(null);
  // The form is not sent with a date that does not exist: the browser says why, at the field.
  useEffect(() => {
    inputRef.current?.setCustomValidity(typed === "" || iso ? "" : FORMAT_PROBLEM);
  }, [typed, iso]);
  const shown = check.error ?? error;
  return (
    <Field
      ref={inputRef}
      id="dateOfBirth"
      label="Date of birth"
      type="text"
      inputMode="numeric"
      placeholder="DD/MM/YYYY"
      maxLength={10}
      required
      autoComplete="bday"
      value={typed}
      // Typing forward gets the slashes written in; deleting leaves the text as it is.
      onValue={(value) => setTyped(value.length > typed.length && /^[\d/ .]*$/.test(value) ? formatTypedDate(value) : value)}
      onBlur={check.onBlur}
      aria-invalid={shown ? true : undefined}
      aria-describedby={shown ? "date-of-birth-hint date-of-birth-error" : "date-of-birth-hint"}
      after={
        <>
          <span id="date-of-birth-hint" className="hint">
            Day, month and year, as 17/04/1990. {hint}
          </span>
          <ErrorAlert error={shown} inline id="date-of-birth-error" testId="date-of-birth-error" />
          <input type="hidden" name="dateOfBirth" value={iso ?? typed} />
        </>
      }
    />
  );
}
