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
  NOT_FOUND: 404,
  CONFLICT: 409,
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
  /** With RATE_LIMITED and UNAVAILABLE: seconds until a retry can succeed (Retry-After). */
  retryAfterSeconds?: number;
  /** With BAD_REQUEST from input validation: one issue per field. */
  issues?: InputIssue[];
}

export class AppError extends Error {
  override readonly name = "AppError";
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
