import { Field, type FieldProps } from "./field";

/** A money amount typed as text (the server parses it): decimal keyboard, no autofill. */
export function AmountField({ label = "Amount", ...field }: Omit<FieldProps, "label"> & { label?: FieldProps["label"] }) {
  return <Field label={label} inputMode="decimal" autoComplete="off" {...field} />;
}
