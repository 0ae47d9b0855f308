import type { HeaderReader } from "../deposits/deposit-provider.ts";
import type { ApplicantState } from "./verification-rule.ts";

export type { HeaderReader };

/** A webhook whose signature checked out, about one applicant; null state: a type we ignore. */
export interface VerifiedApplicantNotice {
  type: string;
  state: ApplicantState | null;
}

/**
 * A way to verify a player's identity. `demo` verifies at once (demo mode only); `sumsub`
 * through Sumsub's applicants and WebSDK. A second provider implements the same four calls.
 */
export interface VerificationProvider {
  readonly name: "demo" | "sumsub";
  /** The applicant for our account (created, or found when it exists): throws UNAVAILABLE (503) while unreachable. */
  createApplicant(userId: string): Promise<ApplicantState>;
  /** A token for the provider's check in the player's browser; null when none is needed (demo). */
  createAccessToken(userId: string): Promise<string | null>;
  /** Checks a webhook's signature over its raw body before anything reads it: UNAUTHORIZED when missing or wrong. */
  verifyWebhook(rawBody: Buffer, headers: HeaderReader): VerifiedApplicantNotice;
  /** The applicant as the provider holds it now; NOT_FOUND when it knows none. */
  fetchApplicant(applicantId: string): Promise<ApplicantState>;
}
