import { Field, type FieldProps } from "./field";

/**
 * The second factor's code from an authenticator app: numeric keyboard, the browser's one-time-code
 * autofill. Every prop may be overridden (a backup code is text, not digits).
 */
export function CodeInput({ label = "Two-factor code", ...field }: Omit<FieldProps, "label"> & { label?: FieldProps["label"] }) {
  return <Field label={label} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" {...field} />;
}
