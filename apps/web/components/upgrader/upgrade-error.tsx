"use client";
import Link from "next/link";
import { errorCode, errorMessage } from "../../lib/error-message";
import { describeProtectionRefusal } from "../safer-play/protection-refusal";
import { describeVerificationRefusal } from "../wallet/verification-refusal";
import { ErrorAlert } from "../ui/error-alert";

/** A refused quote, upgrade or exchange in plain words, per error code (as OpenPackError does for an opening). */
export function describeUpgradeError(error: unknown) {
  const message = errorMessage(error);
  switch (errorCode(error)) {
    case "CONFLICT":
      return "One of the chosen items is no longer in your inventory (sold, shipped, staked or exchanged meanwhile), so nothing happened. The list has been refreshed.";
    case "NOT_FOUND":
      return "One of the chosen items is gone: it left your inventory, or its pack left sale. Nothing happened; pick again.";
    case "AGE_UNCONFIRMED":
      return (
        <>
          Confirm your date of birth before playing. <Link href="/settings/age">Confirm it now</Link>
        </>
      );
    case "UNAUTHORIZED":
      return (
        <>
          Your session has ended. <Link href="/sign-in?next=%2Fupgrader">Sign in again</Link>
        </>
      );
    case "LIMIT_REACHED":
    case "EXCLUDED":
      return describeProtectionRefusal(error) ?? message;
    case "KYC_REQUIRED":
      return describeVerificationRefusal(error) ?? message;
    default:
      // BAD_REQUEST says why in words already ("the chance would be 0.512 %, under the 1 % …"); RATE_LIMITED when to retry.
      return message;
  }
}

export function UpgradeError({ error, testId }: { error: unknown; testId?: string }) {
  return <ErrorAlert error={error} describe={describeUpgradeError} testId={testId} />;
}
