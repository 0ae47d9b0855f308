import { AppError } from "../errors.ts";
import type { VerificationProvider, VerifiedApplicantNotice } from "./verification-provider.ts";
import type { ApplicantState } from "./verification-rule.ts";

/**
 * Demo mode's identity check: verified the moment it starts, no document asked for. Its
 * applicant id is `demo:<user id>`; it needs no token and receives no webhooks. Every check it
 * makes is marked demo (provider "demo").
 */
export class DemoVerificationProvider implements VerificationProvider {
  readonly name = "demo";

  createApplicant(userId: string): Promise<ApplicantState> {
    return Promise.resolve(verified(`demo:${userId}`));
  }

  createAccessToken(): Promise<null> {
    return Promise.resolve(null);
  }

  verifyWebhook(): VerifiedApplicantNotice {
    throw new AppError("UNAUTHORIZED", "Demo identity checks receive no webhooks.");
  }

  fetchApplicant(applicantId: string): Promise<ApplicantState> {
    return Promise.resolve(verified(applicantId));
  }
}

const verified = (applicantId: string): ApplicantState => ({
  applicantId,
  status: "verified",
  reviewAnswer: "GREEN",
  rejectType: null,
  rejectLabels: [],
  moderationComment: null,
  clientComment: null,
  at: new Date(),
});
