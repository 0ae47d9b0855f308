import { VERIFY_PATH, type VerificationStatus } from "@prizepacks/core/contract";

// Plain functions, no "use client": the wallet (a client component) and the console's server pages use them.

const STATUS_TEXT: Record<VerificationStatus, string> = {
  none: "Not started",
  pending: "Pending: the documents are being reviewed",
  verified: "Verified",
  retry: "Needs another look: some documents must be sent again",
  rejected: "Refused for good",
};

/** The check's status in words; a demo check says, wherever it is shown, that nobody's identity was checked. */
export function verificationStatusText(status: VerificationStatus, demo: boolean): string {
  if (demo && status === "verified") return "Verified (demo check: no identity was verified)";
  return demo ? `${STATUS_TEXT[status]} (demo check)` : STATUS_TEXT[status];
}

/** A requirement's message on a page that links to the check itself: the path in it is for API clients. */
export const withoutVerifyPath = (message: string) => message.replace(` (${VERIFY_PATH})`, "");
