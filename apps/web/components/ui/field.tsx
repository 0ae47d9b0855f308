import type { InputHTMLAttributes, ReactNode } from "react";

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & { id: string };

export type FieldProps = InputProps & { label: ReactNode; labelClassName?: string; fieldClassName?: string; after?: ReactNode };

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
 * A labelled text input: every other prop goes to the input; `after` (hints, an inline error)
 * follows it inside the field.
 */
export function Field({ label, labelClassName, fieldClassName, after, ...input }: FieldProps) {
  return (
    <FieldFrame id={input.id} label={label} labelClassName={labelClassName} className={fieldClassName}>
      <input {...input} />
      {after}
    </FieldFrame>
  );
}
