import { ErrorAlert } from "./error-alert";
import { Field } from "./field";

/** The date of birth the age gate asks for (sign-up, or an older account's confirmation), with its refusal beside it. */
export function DateOfBirthField({ hint, error }: { hint: string; error: unknown }) {
  return (
    <Field
      id="dateOfBirth"
      label="Date of birth"
      name="dateOfBirth"
      type="date"
      required
      autoComplete="bday"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? "date-of-birth-hint date-of-birth-error" : "date-of-birth-hint"}
      after={
        <>
          <span id="date-of-birth-hint" className="hint">
            {hint}
          </span>
          <ErrorAlert error={error} inline id="date-of-birth-error" testId="date-of-birth-error" />
        </>
      }
    />
  );
}
