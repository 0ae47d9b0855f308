import { AppError } from "../errors.ts";
import { displayMoney } from "../contract/money-cents.ts";
import {
  VERIFY_PATH,
  type VerificationReason,
  type VerificationRequirement,
  type VerificationRequirementDetail,
  type VerificationStatus,
} from "../contract/verification.ts";

/** verification_refusal()'s JSON (prisma/functions/verification_refusal.sql): 'open' is any paid play. */
export interface VerificationRefusal {
  code: "KYC_REQUIRED";
  action: "withdrawal" | "deposit" | "open";
  reason: VerificationReason;
  status: VerificationStatus;
  threshold?: string;
}

const requirementOf = (action: VerificationRefusal["action"]): VerificationRequirement => (action === "open" ? "play" : action);

/** What the player reads, and what they can do about it, given where their check stands. */
export function requirementMessage(
  requirement: VerificationRequirement,
  reason: VerificationReason,
  status: VerificationStatus,
  threshold: string | null,
): string {
  if (reason === "rejected") {
    return "Your identity check was refused for good: deposits and play are closed. You can still withdraw your balance; our team approves where it goes.";
  }
  const what =
    reason === "due_diligence"
      ? `Deposits past ${displayMoney(threshold ?? "0")} in 30 days need a verified identity.`
      : reason === "operator"
        ? `Our team asked for an identity check on this account: ${requirement === "play" ? "play waits" : requirement === "deposit" ? "deposits wait" : "withdrawals wait"} for it.`
        : "Withdrawals need a verified identity.";
  const next =
    status === "pending"
      ? "Your check is being reviewed; you will hear from us when it is done."
      : status === "retry"
        ? `Your check needs another look: see what to send again in your wallet (${VERIFY_PATH}).`
        : `Start the check from your wallet (${VERIFY_PATH}).`;
  return `${what} ${next}`;
}

export function requirementDetail(refusal: VerificationRefusal): VerificationRequirementDetail {
  const requiredFor = requirementOf(refusal.action);
  const threshold = refusal.threshold ?? null;
  return {
    requiredFor,
    reason: refusal.reason,
    message: requirementMessage(requiredFor, refusal.reason, refusal.status, threshold),
    threshold,
  };
}

/** The refusal as the 403 a client sees: what is needed, why, and where to go. */
export function verificationRefusalError(refusal: VerificationRefusal): AppError {
  const detail = requirementDetail(refusal);
  return new AppError("KYC_REQUIRED", detail.message, {
    verification: { requiredFor: detail.requiredFor, reason: detail.reason, threshold: detail.threshold, verifyAt: VERIFY_PATH },
  });
}
