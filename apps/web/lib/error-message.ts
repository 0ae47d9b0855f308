import { TRPCClientError } from "@trpc/client";
import { displayMoney } from "@prizepacks/core/shared";

// Plain functions, no "use client": server pages render ErrorAlert too.

/**
 * The server writes amounts as the API does ("costs 4.99"); on a page every amount carries its
 * currency sign, as everywhere else in the app. Only money-shaped numbers (two decimals, not
 * already signed, not part of a longer number) are touched.
 */
function withCurrency(message: string): string {
  return message.replace(/(?<![\w$.,-])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?![\d.])/g, (_, whole: string, fraction: string) =>
    displayMoney(`${whole.replace(/,/g, "")}.${fraction}`),
  );
}

/** A user-facing message for any failed call: the server's own message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return withCurrency(error.message);
  if (error instanceof Error) return withCurrency(error.message);
  return "Something went wrong. Please try again.";
}

/** The app's error code (e.g. INSUFFICIENT_BALANCE, RATE_LIMITED) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
  return undefined;
}
