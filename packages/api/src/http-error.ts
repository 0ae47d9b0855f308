import type { ServerResponse } from "node:http";
import type { AppError, ErrorResponse } from "@prizepacks/core";
import { currentRequest } from "@prizepacks/db/log";
import { toAppError } from "./errors.ts";

/** What a /v1 401 says about how to authenticate (RFC 9110 §11.6.1): the API key as a bearer token. */
export const API_KEY_CHALLENGE = 'Bearer realm="prizepacks"';

export interface ErrorAudience {
  /**
   * True for /v1, where a 401 challenges for the API key. The web app signs in with a session
   * cookie, not a bearer token: it is never challenged.
   */
  rest: boolean;
}

export interface HttpError {
  status: number;
  headers: Record<string, string>;
  body: ErrorResponse;
}

/**
 * The one writer of error responses: any error as its status (from the table in
 * @prizepacks/core), its headers and the JSON body every endpoint answers with. Unknown errors
 * become a generic 500 (logged in full once, by toAppError). Never cached: every answer is
 * per request.
 */
export function errorResponse(error: unknown, audience: ErrorAudience): HttpError {
  const appError = toAppError(error);
  return {
    status: appError.status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...errorHeaders(appError, audience) },
    body: errorBody(appError),
  };
}

/** The headers the error itself calls for: Retry-After when it says when to come back (429, 503), the challenge on a REST 401. */
export function errorHeaders(error: AppError, { rest }: ErrorAudience): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.details.retryAfterSeconds !== undefined) headers["Retry-After"] = String(error.details.retryAfterSeconds);
  if (error.code === "UNAUTHORIZED" && rest) headers["WWW-Authenticate"] = API_KEY_CHALLENGE;
  return headers;
}

/**
 * `{ message, code, issues?, retryAfter?, requestId?, kind?, period?, resetsAt?, endsAt?, resumesAt?, requiredFor?, reason?, threshold?, verifyAt? }`:
 * the Error schema of the OpenAPI document. A 5xx names the request (X-Request-Id), so a report of
 * it leads to its log lines; a player-protection refusal says which rule and until when, an identity check's what it holds and where to start it.
 */
export function errorBody(error: AppError): ErrorResponse {
  const { issues, retryAfterSeconds, protection, verification } = error.details;
  const requestId = serverFaultRequestId(error);
  return {
    message: error.message,
    code: error.code,
    ...(issues && { issues }),
    ...(retryAfterSeconds !== undefined && { retryAfter: retryAfterSeconds }),
    ...(requestId !== undefined && { requestId }),
    ...protection,
    ...verification,
  };
}

/** The id of the request being served, when `error` is a 5xx: ours to look into, not the caller's. */
export function serverFaultRequestId(error: AppError): string | undefined {
  return error.status >= 500 ? currentRequest()?.requestId : undefined;
}

/**
 * Answers a Node response with the error. Once headers are out the error cannot be told any
 * more: the response is cut off, so a truncated one never looks complete.
 */
export function writeError(res: ServerResponse, error: unknown, audience: ErrorAudience): void {
  if (res.headersSent) {
    toAppError(error); // logs it when it is not one of ours
    return void res.destroy();
  }
  const { status, headers, body } = errorResponse(error, audience);
  res.writeHead(status, headers).end(JSON.stringify(body));
}

/** The error as a Web Response, for Next.js route handlers. */
export function errorAsResponse(error: unknown, audience: ErrorAudience): Response {
  const { status, headers, body } = errorResponse(error, audience);
  return Response.json(body, { status, headers });
}
