"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { errorMessage, verificationRefusalDetails } from "../../lib/error-message";
import { withoutVerifyPath } from "../../lib/verification";

/**
 * A refusal for want of a verified identity (403 KYC_REQUIRED): the server's message (what waits
 * and why) and a link to where the check starts; null for any other error.
 */
export function describeVerificationRefusal(error: unknown): ReactNode | null {
  const details = verificationRefusalDetails(error);
  if (!details) return null;
  return (
    <span data-testid="kyc-refusal">
      {withoutVerifyPath(errorMessage(error))}{" "}
      <Link href={details.verifyAt}>{details.reason === "rejected" ? "See your identity check" : "Go to the identity check"}</Link>
    </span>
  );
}
