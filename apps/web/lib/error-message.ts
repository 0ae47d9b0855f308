import { TRPCClientError } from "@trpc/client";

// Plain functions, no "use client": server pages render ErrorAlert too.

/** A user-facing message for any failed call: the server's own message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

/** The app's error code (e.g. INSUFFICIENT_BALANCE, RATE_LIMITED) of a failed call, if any. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code;
  return undefined;
}
