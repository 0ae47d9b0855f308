import type { ChangeEvent, InputHTMLAttributes, ReactNode } from "react";

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { id: string };

export type FieldProps = InputProps & {
  label: ReactNode;
  labelClassName?: string;
  fieldClassName?: string;
  /** The value as typed, on each change (instead of onChange). */
  onValue?: (value: string) => void;
  /** A hint under the input, which describes it (unless aria-describedby says otherwise). */
  hint?: ReactNode;
  hintId?: string;
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
export function Field({ label, labelClassName, fieldClassName, onValue, hint, hintId, after, ...input }: FieldProps) {
  return (
    <FieldFrame id={input.id} label={label} labelClassName={labelClassName} className={fieldClassName}>
      <input
        aria-describedby={hint === undefined ? undefined : hintId}
        {...(onValue && { onChange: (event: ChangeEvent<HTMLInputElement>) => onValue(event.target.value) })}
        {...input}
      />
      {hint !== undefined && (
        <span id={hintId} className="hint">
          {hint}
        </span>
      )}
      {after}
    </FieldFrame>
  );
}
