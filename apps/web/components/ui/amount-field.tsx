import { Field, type FieldProps } from "./field";

/** A money amount typed as text (the server parses it): decimal keyboard, no autofill. */
export function AmountField({
  label = "Amount",
  onValue,
  ...field
}: Omit<FieldProps, "onChange" | "label"> & { label?: FieldProps["label"]; onValue: (value: string) => void }) {
  return <Field label={label} inputMode="decimal" autoComplete="off" onChange={(event) => onValue(event.target.value)} {...field} />;
}
