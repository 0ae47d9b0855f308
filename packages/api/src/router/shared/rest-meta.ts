import type { OpenApiMeta } from "trpc-to-openapi";

// What every /v1 operation can answer, worded once: the procedures' meta and the two streams
// documented by hand in openapi.ts both use these.

/** Any operation, with or without a key: a bug, or a database or limiter that does not answer. */
export const serverErrorResponses = {
  500: "An unexpected error; it is logged in full on the server. Nothing was done that a retry would repeat.",
  503: "The database (or, for opens, the rate limiter) is unavailable or a wait bound ran out; nothing was done. Retry after Retry-After seconds.",
};

/** Every operation that takes an API key: authentication (401, 403), its rate limit, then the server's. */
export const accountErrorResponses = {
  401: "API key missing or invalid",
  403: "Account banned, deleted or not verified",
  429: "Rate limit exceeded",
  ...serverErrorResponses,
};

/** A public operation (no key): its rate limit per client address, then the server's. */
export const publicErrorResponses = {
  429: "Rate limit exceeded (per client address)",
  ...serverErrorResponses,
};

/** What a conditional read (ProcedureMeta's `conditional`) says of itself. */
export const CONDITIONAL_READ =
  "Answers with an ETag; send it back in If-None-Match and an unchanged answer is a 304 with no body, not counted against the rate limit.";
export const NOT_MODIFIED = { 304: "Not modified: If-None-Match names the current ETag. Not counted against the rate limit." };

/**
 * Every procedure's meta: trpc-to-openapi's, the status of a /v1 success when it is not 200
 * (201 for what a POST creates), and `conditional` for a read answered with an ETag and a 304
 * to a current If-None-Match (rest.ts). The REST handler answers with it and the OpenAPI document
 * declares it, both from here.
 */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201; conditional?: true }>;

type OpenApiOperation = NonNullable<OpenApiMeta["openapi"]>;

/**
 * The meta of a procedure served over /v1 with an API key: its own statuses (400, 404, 409, or
 * its own wording of one, e.g. an open's 429) on top of the shared 401/403/429/500/503.
 */
export function restMeta({
  errorResponses,
  successStatus,
  conditional,
  ...operation
}: Omit<OpenApiOperation, "protect" | "errorResponses"> & {
  errorResponses?: Record<number, string>;
  successStatus?: ProcedureMeta["successStatus"];
  conditional?: true;
}): ProcedureMeta {
  return {
    ...(successStatus && { successStatus }),
    ...(conditional && { conditional }),
    openapi: { ...operation, protect: true, errorResponses: { ...accountErrorResponses, ...errorResponses } },
  };
}

/** The meta of a public /v1 procedure (no key): its own statuses on top of the shared 429/500/503. */
export function publicRestMeta({
  errorResponses,
  conditional,
  ...operation
}: Omit<OpenApiOperation, "protect" | "errorResponses"> & { errorResponses?: Record<number, string>; conditional?: true }): ProcedureMeta {
  return {
    ...(conditional && { conditional }),
    openapi: { ...operation, protect: false, errorResponses: { ...publicErrorResponses, ...errorResponses } },
  };
}
