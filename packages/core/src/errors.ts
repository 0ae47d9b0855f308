import { z } from "zod";

/**
 * The one table of error codes and their HTTP statuses. Everything else (tRPC codes, the
 * REST error body, the OpenAPI document) derives from it, and a code without a status here
 * does not exist.
 */
export const errorCodeStatus = {
  BAD_REQUEST: 400,
  INSUFFICIENT_BALANCE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  LIMIT_REACHED: 403,
  EXCLUDED: 403,
  UNDER_AGE: 403,
  AGE_UNCONFIRMED: 403,
  AGE_REVIEW_REQUIRED: 403,
  KYC_REQUIRED: 403,
  /** A reward the account does not qualify for now (the kind is switched off, the daily case's requirements). */
  REWARD_NOT_ELIGIBLE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Today's reward budget would be passed: the claim waits for the next UTC day (retryAfterSeconds). */
  REWARD_BUDGET_SPENT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCodeStatus;
export const ErrorCodeSchema = z.enum(Object.keys(errorCodeStatus) as [ErrorCode, ...ErrorCode[]]);

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

export interface AppErrorDetails {
  /** With RATE_LIMITED, UNAVAILABLE, REWARD_BUDGET_SPENT and a daily case asked too early: seconds until a retry can succeed (Retry-After). */
  retryAfterSeconds?: number;
  /** With BAD_REQUEST from input validation: one issue per field. */
  issues?: InputIssue[];
  /** With LIMIT_REACHED and EXCLUDED: which protection refused (player-protection.ts). */
  protection?: ProtectionRefusalDetails;
  /** With KYC_REQUIRED: what waits on an identity check, why, and where to start it (verification-refusal.ts). */
  verification?: VerificationRefusalDetails;
}

export interface VerificationRefusalDetails {
  requiredFor: "withdrawal" | "deposit" | "play";
  reason: "withdrawal" | "due_diligence" | "operator" | "rejected";
  threshold: string | null;
  verifyAt: string;
}

/**
 * LIMIT_REACHED: the limit's kind (deposit|wager|loss), period (day|week|month) and resetsAt,
 * the earliest moment the same request would pass (null: never, it alone passes the limit).
 * EXCLUDED: kind timeout|self_exclusion, its period (24h…permanent), endsAt (null: permanent)
 * and, after a self-exclusion's end, resumesAt once the player asked to resume.
 */
export interface ProtectionRefusalDetails {
  kind: string;
  period: string;
  resetsAt?: string | null;
  endsAt?: string | null;
  resumesAt?: string | null;
}

/**
 * Marks our errors across copies of this module: Next.js bundles its own copy of core beside the
 * one apps/web/server.ts runs, and the Services they share (one per database, on globalThis)
 * throw from the server's copy. `instanceof` goes by this mark, so a 404 or a 503 thrown there
 * is not mistaken for an unknown error (a 500) on the web side.
 */
const APP_ERROR = Symbol.for("prizepacks.AppError");

export class AppError extends Error {
  override readonly name = "AppError";
  readonly [APP_ERROR] = true;

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[APP_ERROR] === true;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
  }

  get status(): number {
    return errorCodeStatus[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** How long a client should wait after the database failed or a wait bound ran out. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The one answer to a database that is down or too busy to answer within its bounds. */
/** Seconds a caller waits after an outcome refused by the self-check (an operator has been alerted). */
export const SELF_CHECK_RETRY_AFTER_SECONDS = 30;

/**
 * The one 503 for an outcome that the verifier's recomputation refused before it was paid
 * ("checked before paid", transparency/self-check.ts): nothing was debited or won.
 */
export function selfCheckFailed(): AppError {
  return new AppError("UNAVAILABLE", "This draw could not be verified before payment, so nothing was done; try again shortly.", {
    retryAfterSeconds: SELF_CHECK_RETRY_AFTER_SECONDS,
  });
}

export function databaseUnavailable(): AppError {
  return new AppError("UNAVAILABLE", "The database is unavailable or busy; try again shortly.", {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
}
