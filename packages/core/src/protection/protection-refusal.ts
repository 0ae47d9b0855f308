import { AppError } from "../errors.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { verificationRefusalError, type VerificationRefusal } from "../verification/verification-refusal.ts";

/** The SQLSTATE of every player-protection refusal raised in SQL (open_pack, the exclusion trigger). */
export const PROTECTION_REFUSED_SQLSTATE = "PP403";

/** player_protection_refusal()'s JSON (the migration 20261124200000_player_protection). */
export type ProtectionRefusal =
  | {
      code: "LIMIT_REACHED";
      kind: string;
      period: string;
      limit: string;
      used: string;
      requested: string;
      resetsAt: string | null;
    }
  | { code: "EXCLUDED"; kind: string; period: string; endsAt: string | null; resumesAt: string | null }
  | { code: "AGE_UNCONFIRMED" }
  | VerificationRefusal;

/** Where a player confirms their date of birth (the web app's page). */
export const CONFIRM_AGE_PATH = "/settings/age";

/** The refusal as the 403 a client sees, with the details it needs to know when to come back. */
export function protectionRefusalError(refusal: ProtectionRefusal): AppError {
  if (refusal.code === "KYC_REQUIRED") return verificationRefusalError(refusal);
  if (refusal.code === "AGE_UNCONFIRMED") {
    return new AppError(
      "AGE_UNCONFIRMED",
      `Confirm your date of birth before playing (openings, battles, upgrades): sign in to the web app and go to ${CONFIRM_AGE_PATH}.`,
    );
  }
  if (refusal.code === "LIMIT_REACHED") {
    const { kind, period, limit, used, requested, resetsAt } = refusal;
    const when = resetsAt ? `it allows this again at ${resetsAt}.` : "this alone is more than the limit.";
    return new AppError(
      "LIMIT_REACHED",
      `Your ${kind} limit of ${displayMoney(limit)} a ${period} is reached (${displayMoney(used)} counts now, this asks for ${displayMoney(requested)}); ${when}`,
      { protection: { kind, period, resetsAt } },
    );
  }
  const { kind, period, endsAt, resumesAt } = refusal;
  return new AppError("EXCLUDED", `${exclusionSentence(refusal)} Selling items and withdrawing still work.`, {
    protection: { kind, period, endsAt, resumesAt },
  });
}

function exclusionSentence({ kind, endsAt, resumesAt }: { kind: string; endsAt: string | null; resumesAt: string | null }): string {
  const paused = "openings, battles, upgrades, exchanges and deposits are paused.";
  if (kind === "timeout") return `This account has taken a time-out until ${endsAt}: ${paused}`;
  if (endsAt === null) return `This account is self-excluded permanently: ${paused}`;
  if (Date.parse(endsAt) > Date.now()) return `This account is self-excluded until ${endsAt}: ${paused}`;
  return resumesAt
    ? `The self-exclusion ended at ${endsAt}; play resumes at ${resumesAt}, 24 h after asking.`
    : `The self-exclusion ended at ${endsAt}; play resumes 24 h after you ask to resume in Safer play.`;
}

/** A database error that is a player-protection refusal, as its AppError; null for any other error. */
export function protectionErrorFromDatabase(error: unknown): AppError | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code !== PROTECTION_REFUSED_SQLSTATE || typeof detail !== "string") return null;
  return protectionRefusalError(JSON.parse(detail) as ProtectionRefusal);
}
