import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A button that is disabled while its action runs and says so: `busyText` in place of its text,
 * or, without one, a spinner before it.
 */
export function SubmitButton({
  busy,
  busyText,
  disabled,
  className = "button",
  type = "submit",
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyText?: ReactNode }) {
  return (
    <button type={type} className={className} disabled={busy || disabled} {...button}>
      {busyText === undefined ? (
        <>
          {busy && <span className="spinner" aria-hidden="true" />}
          {children}
        </>
      ) : busy ? (
        busyText
      ) : (
        children
      )}
    </button>
  );
}
