import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { AppError, databaseUnavailable, describeInputIssues, inputIssuesMessage, type ErrorCode } from "@prizepacks/core";
import { classifyDatabaseError } from "@prizepacks/db/faults";
import { logger } from "@prizepacks/db/log";

/**
 * tRPC's code for each of our codes, so /api/trpc answers with the same HTTP status as the
 * table in @prizepacks/core (checked in errors.test.ts). Keyed by our code: a new code
 * without a tRPC code does not compile.
 */
export const trpcCodeOf = {
  BAD_REQUEST: "BAD_REQUEST",
  INSUFFICIENT_BALANCE: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  LIMIT_REACHED: "FORBIDDEN",
  EXCLUDED: "FORBIDDEN",
  UNDER_AGE: "FORBIDDEN",
  AGE_UNCONFIRMED: "FORBIDDEN",
  AGE_REVIEW_REQUIRED: "FORBIDDEN",
  KYC_REQUIRED: "FORBIDDEN",
  REWARD_NOT_ELIGIBLE: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  REWARD_BUDGET_SPENT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const satisfies Record<ErrorCode, TRPC_ERROR_CODE_KEY>;

// During an outage every request fails the same way: one line per 10 s, with a count.
let lastOutageLogAt = 0;
let outageErrorsSinceLog = 0;
function logOutage(detail: string): void {
  outageErrorsSinceLog++;
  if (Date.now() - lastOutageLogAt < 10_000) return;
  logger("api").error(`database unavailable (${outageErrorsSinceLog} request(s) answered 503): ${detail}`);
  lastOutageLogAt = Date.now();
  outageErrorsSinceLog = 0;
}

/**
 * Refusals tRPC raises itself, before any procedure runs, so they never carry an AppError:
 * an unknown route or procedure, and a request it could not read.
 */
const transportRefusal: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "NOT_FOUND",
  PARSE_ERROR: "BAD_REQUEST",
  BAD_REQUEST: "BAD_REQUEST",
  UNSUPPORTED_MEDIA_TYPE: "BAD_REQUEST",
  PAYLOAD_TOO_LARGE: "BAD_REQUEST",
};

// The error formatter and the transports' responseMeta both ask about the same error: it is
// converted, and logged, once.
const converted = new WeakMap<object, AppError>();

/** Any error as an AppError: ours as they are, input and database errors by kind, the rest INTERNAL (logged in full once). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError && error.cause instanceof AppError) return error.cause;
  if (typeof error !== "object" || error === null) return convert(error);
  let appError = converted.get(error);
  if (!appError) {
    appError = convert(error);
    converted.set(error, appError);
  }
  return appError;
}

function convert(error: unknown): AppError {
  const zodError = error instanceof ZodError ? error : error instanceof TRPCError && error.cause instanceof ZodError ? error.cause : null;
  if (zodError) {
    const issues = describeInputIssues(zodError);
    return new AppError("BAD_REQUEST", inputIssuesMessage(issues), { issues });
  }
  const fault = classifyDatabaseError(error);
  if (fault === "unavailable") {
    logOutage((error as Error).message?.split("\n").pop() ?? String(error));
    return databaseUnavailable();
  }
  if (fault === "unstorable-text") return new AppError("BAD_REQUEST", "The input contains characters that cannot be stored (such as NUL).");
  if (error instanceof TRPCError && transportRefusal[error.code]) {
    const code = transportRefusal[error.code]!;
    return new AppError(code, code === "NOT_FOUND" ? "No such route." : error.message);
  }
  logger("api").error({ err: error }, "unexpected error");
  return new AppError("INTERNAL", "Internal server error.");
}

/** The boundary: every error leaving a procedure is a TRPCError whose cause is an AppError. */
export function toTRPCError(error: unknown): TRPCError {
  const appError = toAppError(error);
  // tRPC wraps what a procedure throws in an INTERNAL_SERVER_ERROR; the code comes from ours.
  if (error instanceof TRPCError && error.cause === appError && error.code === trpcCodeOf[appError.code]) return error;
  return new TRPCError({ code: trpcCodeOf[appError.code], message: appError.message, cause: appError });
}
