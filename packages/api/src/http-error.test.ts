import { describe, expect, it, vi } from "vitest";
import { AppError, ErrorResponseSchema } from "@prizepacks/core";
import { logger, runWithRequest } from "@prizepacks/db/log";
import { API_KEY_CHALLENGE, errorAsResponse, errorResponse } from "./http-error.ts";
import { responseMetaFor } from "./transport.ts";

describe("the error writer", () => {
  it("answers with the table's status, the Error schema's body and the error's own headers", () => {
    const limited = errorResponse(new AppError("RATE_LIMITED", "Slow down.", { retryAfterSeconds: 12 }), { rest: true });
    expect(limited).toEqual({
      status: 429,
      headers: { "content-type": "application/json", "cache-control": "no-store", "Retry-After": "12" },
      body: { message: "Slow down.", code: "RATE_LIMITED", retryAfter: 12 },
    });
    const invalid = errorResponse(new AppError("BAD_REQUEST", "limit: too big", { issues: [{ path: ["limit"], message: "too big" }] }), {
      rest: true,
    });
    expect(invalid.body).toEqual({ message: "limit: too big", code: "BAD_REQUEST", issues: [{ path: ["limit"], message: "too big" }] });
    for (const { body } of [limited, invalid]) expect(ErrorResponseSchema.parse(body)).toEqual(body);
  });

  it("challenges a 401 for the API key on /v1 only: the web app signs in with a cookie", () => {
    const unauthorized = new AppError("UNAUTHORIZED", "Missing API key.");
    expect(errorResponse(unauthorized, { rest: true }).headers["WWW-Authenticate"]).toBe(API_KEY_CHALLENGE);
    expect(errorResponse(unauthorized, { rest: false }).headers["WWW-Authenticate"]).toBeUndefined();
  });

  it("gives the tRPC transports the same headers (RateLimit-* kept)", () => {
    const error = new AppError("UNAVAILABLE", "Busy.", { retryAfterSeconds: 2 });
    const rest = responseMetaFor({ ctx: { source: "rest", responseHeaders: { "RateLimit-Limit": "120" } } as never, errors: [error] });
    expect(rest).toEqual({ status: 503, headers: { "RateLimit-Limit": "120", "cache-control": "no-store", "Retry-After": "2" } });
    const web = responseMetaFor({
      ctx: { source: "web", responseHeaders: {} } as never,
      errors: [new AppError("UNAUTHORIZED", "Sign in.")],
    });
    expect(web).toEqual({ status: 401, headers: { "cache-control": "no-store" } });
    expect(responseMetaFor({ ctx: { source: "rest", responseHeaders: {} } as never, errors: [] })).toEqual({
      headers: { "cache-control": "no-store" },
    });
  });

  it("shows an unknown error as a generic 500, logged in full once", async () => {
    const log = vi.spyOn(logger("api"), "error").mockImplementation(() => undefined);
    try {
      const bug = new TypeError("x is undefined");
      const response = errorAsResponse(bug, { rest: false });
      expect(response.status).toBe(500);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ message: "Internal server error.", code: "INTERNAL" });
      errorResponse(bug, { rest: true });
      expect(log).toHaveBeenCalledTimes(1);
      expect(log.mock.calls[0]![0]).toEqual({ err: bug }); // pino writes an `err` with its stack
    } finally {
      log.mockRestore();
    }
  });

  it("names the request in a 5xx body, never in a 4xx one, and nowhere outside a request", () => {
    const unavailable = new AppError("UNAVAILABLE", "Database unavailable.", { retryAfterSeconds: 2 });
    const refused = new AppError("FORBIDDEN", "No.");
    runWithRequest({ requestId: "req-42" }, () => {
      expect(errorResponse(unavailable, { rest: true }).body).toMatchObject({ code: "UNAVAILABLE", requestId: "req-42" });
      expect(errorResponse(refused, { rest: true }).body).not.toHaveProperty("requestId");
    });
    expect(errorResponse(unavailable, { rest: true }).body).not.toHaveProperty("requestId");
  });
});
