import type { ReactNode } from "react";
import { errorMessage } from "../../lib/error-message";

/**
 * What went wrong, announced to screen readers as an alert; nothing while there is no error.
 * A string is shown as it is (a form's own check, a server page's message); anything else, a
 * failed call, through `describe`, by default the server's own message.
 */
export function ErrorAlert({
  error,
  describe = errorMessage,
  inline = false,
  id,
  testId,
}: {
  error: unknown;
  describe?: (error: unknown) => ReactNode;
  /** Beside a field or in a row of controls. */
  inline?: boolean;
  /** For a field's aria-describedby. */
  id?: string;
  testId?: string;
}) {
  if (!error) return null;
  const Element = inline ? "span" : "p";
  return (
    <Element id={id} className={inline ? "alert error small-text" : "alert error"} role="alert" data-testid={testId}>
      {typeof error === "string" ? error : describe(error)}
    </Element>
  );
}
