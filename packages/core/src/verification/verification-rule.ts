import type { VerificationStatus } from "../contract/verification.ts";

export type CheckStatus = Exclude<VerificationStatus, "none">;

/** What a provider says about an applicant at one moment, in our terms (a webhook or a poll). */
export interface ApplicantState {
  applicantId: string;
  status: CheckStatus;
  reviewAnswer: "GREEN" | "RED" | null;
  rejectType: "FINAL" | "RETRY" | null;
  rejectLabels: string[];
  /** For the player. */
  moderationComment: string | null;
  /** For operators only: never shown to the player. */
  clientComment: string | null;
  /** The provider's time of this state: the webhook's creation, or the review's date on a poll. */
  at: Date;
}

/** On equal provider times, the later step of a check wins (a review over its own pending). */
const STEP: Record<CheckStatus, number> = { pending: 0, retry: 1, verified: 2, rejected: 3 };

/**
 * The one rule for moving a check's status. Webhooks arrive twice, late and out of order, and a
 * poll may race them; so a state replaces the stored one only when the provider saw it later
 * (or at the same moment, a later step). A duplicate changes nothing. `rejected` is final: no
 * later event moves it (issue #37; an operator's decision, not the provider's, would).
 */
export function supersedes(current: { status: CheckStatus; statusAt: Date } | null, next: ApplicantState): boolean {
  if (!current) return true;
  if (current.status === "rejected") return false;
  const later = next.at.getTime() - current.statusAt.getTime();
  if (later !== 0) return later > 0;
  return STEP[next.status] > STEP[current.status];
}

/** A review's outcome: GREEN is verified; RED with RETRY may be sent again, RED with FINAL (or none said) is rejected. */
export function reviewedStatus(reviewAnswer: "GREEN" | "RED", rejectType: "FINAL" | "RETRY" | null): CheckStatus {
  if (reviewAnswer === "GREEN") return "verified";
  return rejectType === "RETRY" ? "retry" : "rejected";
}
