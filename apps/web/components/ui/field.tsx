import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from "react";
import { ErrorAlert } from "./error-alert";

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { id: string; ref?: Ref<HTMLInputElement> };

export type FieldProps = InputProps & {
  label: ReactNode;
  labelClassName?: string;
  fieldClassName?: string;
  /** The value as typed, on each change (instead of onChange). */
  onValue?: (value: string) => void;
  /** A hint under the input, which describes it (unless aria-describedby says otherwise). */
  hint?: ReactNode;
  hintId?: string;
  /** The field's own check (useFieldCheck): run on blur; its error follows the input and describes it. */
  check?: { error: string | null; onBlur: () => void };
  after?: ReactNode;
};

/** A labelled control: the label, the control (`children`), then its hints and errors. */
export function FieldFrame({
  id,
  label,
  labelClassName,
  className,
  children,
}: {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  labelClassName?: string;
  /** Classes besides "field". */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * A labelled text input: every other prop goes to the input; its hint, then `after` (an inline
 * error), follow it inside the field.
 */
export function Field({ label, labelClassName, fieldClassName, onValue, hint, hintId, check, after, ...input }: FieldProps) {
  const errorId = `${input.id}-error`;
  const describedBy = [check?.error && errorId, hint !== undefined && hintId].filter(Boolean).join(" ");
  return (
    <FieldFrame id={input.id} label={label} labelClassName={labelClassName} className={fieldClassName}>
      <input
        aria-describedby={describedBy || undefined}
        aria-invalid={check?.error ? true : undefined}
        onBlur={check?.onBlur}
        {...(onValue && { onChange: (event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value) })}
        {...input}
      />
      {hint !== undefined && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {check && <ErrorAlert inline id={errorId} error={check.error} />}
      {after}
    </FieldFrame>
  );
}
