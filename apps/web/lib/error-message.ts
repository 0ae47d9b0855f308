import { TRPCClientError } from "@trpc/client";
import { displayMoney } from "@prizepacks/core/contract";

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

/** The server's message about one input field of a refused call (a 400's `issues`), if any. */
export function fieldIssue(error: unknown, field: string): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const issues = (error.data as { issues?: Array<{ path: Array<string | number>; message: string }> } | undefined)?.issues;
  return issues?.find((issue) => issue.path.join(".") === field)?.message;
}

/** What a player-protection refusal carries: the limit and when it allows this again, or the exclusion's end. */
export interface ProtectionDetails {
  kind: string;
  period: string;
  resetsAt?: string | null;
  endsAt?: string | null;
  resumesAt?: string | null;
}

/** The details of a LIMIT_REACHED or EXCLUDED refusal, if the failed call was one. */
export function protectionDetails(error: unknown): ProtectionDetails | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { protection?: ProtectionDetails } | undefined)?.protection;
}

/** What a KYC_REQUIRED refusal carries: what waits on a verified identity, why, and where to start the check. */
export interface VerificationRefusalDetails {
  requiredFor: string;
  reason: string;
  threshold: string | null;
  verifyAt: string;
}

/** The details of a KYC_REQUIRED refusal, if the failed call was one. */
export function verificationRefusalDetails(error: unknown): VerificationRefusalDetails | undefined {
  if (errorCode(error) !== "KYC_REQUIRED") return undefined;
  return ((error as TRPCClientError<never>).data as { verification?: VerificationRefusalDetails } | undefined)?.verification;
}
