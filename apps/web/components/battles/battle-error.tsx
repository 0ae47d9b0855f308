"use client";
import Link from "next/link";
import { errorCode, errorMessage } from "../../lib/error-message";
import { ErrorAlert } from "../ui/error-alert";
import { describeProtectionRefusal } from "../safer-play/protection-refusal";
import { describeVerificationRefusal } from "../wallet/verification-refusal";

/** A refused battle action (create, join, bots, leave) in plain words, per error code. */
export function BattleError({ error, back }: { error: unknown; back: string }) {
  return <ErrorAlert error={error} describe={(failure) => describeBattleError(failure, back)} testId="battle-error" />;
}

function describeBattleError(error: unknown, back: string) {
  const message = errorMessage(error);
  switch (errorCode(error)) {
    case "INSUFFICIENT_BALANCE":
      return (
        <>
          Your balance does not cover this entry. <Link href={`/wallet?back=${encodeURIComponent(back)}`}>Add funds</Link>
        </>
      );
    case "CONFLICT":
      return <>This seat was just taken, or the battle has already started. {message}</>;
    case "NOT_FOUND":
      return (
        <>
          This battle or one of its packs is no longer there. <Link href="/battles">Back to the lobby</Link>
        </>
      );
    case "AGE_UNCONFIRMED":
      return (
        <>
          Confirm your date of birth before playing. <Link href="/settings/age">Confirm it now</Link>
        </>
      );
    case "UNAUTHORIZED":
      return (
        <>
          Your session has ended. <Link href={`/sign-in?next=${encodeURIComponent(back)}`}>Sign in again</Link>
        </>
      );
    case "RATE_LIMITED":
      return <>Too many battle actions in a short time. {message}</>;
    case "LIMIT_REACHED":
    case "EXCLUDED":
      return describeProtectionRefusal(error) ?? message;
    case "KYC_REQUIRED":
      // Play held by an operator's request, or an identity check refused for good.
      return describeVerificationRefusal(error) ?? message;
    default:
      return message;
  }
}
