"use client";
import Link from "next/link";
import { errorCode, errorMessage } from "../../lib/error-message";
import { ErrorAlert } from "../ui/error-alert";
import { describeProtectionRefusal } from "../safer-play/protection-refusal";
import { describeVerificationRefusal } from "../wallet/verification-refusal";

/** A failed opening, explained per error code; everything won before it stays on screen. */
export function OpenPackError({ error, slug }: { error: unknown; slug: string }) {
  return <ErrorAlert error={error} describe={(failure) => describeOpenError(failure, slug)} testId="open-error" />;
}

function describeOpenError(error: unknown, slug: string) {
  const message = errorMessage(error);
  switch (errorCode(error)) {
    case "INSUFFICIENT_BALANCE":
      return (
        <>
          Not enough balance: {message.replace(/^insufficient balance:\s*/i, "")}{" "}
          <Link href={`/wallet?back=${encodeURIComponent(`/packs/${slug}`)}`}>Add funds</Link>
        </>
      );
    case "NOT_FOUND":
      return (
        <>
          This pack is no longer available. <Link href="/">Browse other packs</Link>
        </>
      );
    case "AGE_UNCONFIRMED":
      return (
        <>
          Confirm your date of birth before opening packs. <Link href="/settings/age">Confirm it now</Link>
        </>
      );
    case "UNAUTHORIZED":
      return (
        <>
          Your session has ended. <Link href="/sign-in">Sign in again</Link>
        </>
      );
    case "LIMIT_REACHED":
    case "EXCLUDED":
      return describeProtectionRefusal(error) ?? message;
    case "KYC_REQUIRED":
      // Play held by an operator's request, or an identity check refused for good.
      return describeVerificationRefusal(error) ?? message;
    default:
      // RATE_LIMITED's message says when to retry; FORBIDDEN's says why the account may not act.
      return message;
  }
}
