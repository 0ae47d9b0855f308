import { TRPCError } from "@trpc/server";
import type { ZodError } from "zod";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { AppError, errorCodeStatus, type ErrorCode } from "@prizepacks/core";

// tRPC's code for each HTTP status our error table uses; trpc-to-openapi maps it back.
const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const appCodeByTrpcCode: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: "BAD_REQUEST",
  BAD_REQUEST: "BAD_REQUEST",
  UNSUPPORTED_MEDIA_TYPE: "BAD_REQUEST",
  PAYLOAD_TOO_LARGE: "BAD_REQUEST",
  METHOD_NOT_SUPPORTED: "NOT_FOUND",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  SERVICE_UNAVAILABLE: "UNAVAILABLE",
};

/** The boundary: every error leaving a procedure is a TRPCError whose cause is an AppError. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof AppError) {
    return new TRPCError({ code: trpcCodeByStatus[error.status] ?? "INTERNAL_SERVER_ERROR", message: error.message, cause: error });
  }
  console.error("[api] unexpected error", error);
  const cause = new AppError("INTERNAL", "Internal server error.");
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: cause.message, cause });
}

export interface ErrorDescription {
  code: ErrorCode;
  status: number;
  message: string;
  retryAfterSeconds?: number;
}

/** What clients see of any error, for the REST body and tRPC's error shape alike. */
export function describeError(error: TRPCError): ErrorDescription {
  const cause = error.cause;
  if (cause instanceof AppError) {
    return { code: cause.code, status: cause.status, message: cause.message, retryAfterSeconds: cause.details.retryAfterSeconds };
  }
  const code = appCodeByTrpcCode[error.code] ?? "INTERNAL";
  const message = code === "INTERNAL" ? "Internal server error." : error.message;
  return { code, status: code === "BAD_REQUEST" && error.code === "PAYLOAD_TOO_LARGE" ? 413 : errorCodeStatus[code], message };
}

export interface InputIssue {
  path: (string | number)[];
  message: string;
}

/** Zod's issues, one per field, and a message naming them: "limit: Too big: expected number to be <=100". */
export function describeInputIssues(error: ZodError): { message: string; issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const seenPaths = new Set<string>();
  for (const issue of error.issues) {
    const path = issue.path.map((key) => (typeof key === "number" ? key : String(key)));
    const field = path.join(".");
    if (seenPaths.has(field)) continue;
    seenPaths.add(field);
    issues.push({ path, message: issue.message });
  }
  return { message: inputIssuesMessage(issues), issues };
}

export function inputIssuesMessage(issues: InputIssue[]): string {
  const message = issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
  return message || "Invalid input.";
}
