import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, errorCodeStatus, type ErrorCode } from "@prizepacks/core";
import { classifyDatabaseError } from "@prizepacks/db/faults";
import { logger } from "@prizepacks/db/log";
import { toAppError, toTRPCError, trpcCodeOf } from "./errors.ts";

describe("the error table", () => {
  it("gives /api/trpc the same HTTP status as /v1 for every code", () => {
    for (const code of Object.keys(errorCodeStatus) as ErrorCode[]) {
      const error = toTRPCError(new AppError(code, "x"));
      expect(getHTTPStatusCodeFromError(error), code).toBe(errorCodeStatus[code]);
      expect(error.code).toBe(trpcCodeOf[code]);
    }
  });

  it("names each invalid field once in the message and the issues", () => {
    const parsed = z.object({ limit: z.number().max(100), cursor: z.string() }).safeParse({ limit: 101, cursor: 1 });
    const error = toAppError(parsed.error);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("limit: must be at most 100; cursor: must be a string");
    expect(error.details.issues?.map((i) => i.path)).toEqual([["limit"], ["cursor"]]);
  });

  it("logs an unknown error once and shows only a generic message", () => {
    const log = vi.spyOn(logger("api"), "error").mockImplementation(() => undefined);
    try {
      const bug = new TypeError("x is undefined");
      expect(toAppError(bug)).toMatchObject({ code: "INTERNAL", message: "Internal server error." });
      toAppError(bug);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});

describe("database faults", () => {
  // Shapes as Prisma 7's adapter-pg and node-postgres report them (seen on PostgreSQL 15).
  const adapterError = (code: string) => ({
    code: "P2010",
    message: "Raw query failed.",
    meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "postgres", code, originalCode: code } } },
  });

  it("are 503 UNAVAILABLE with Retry-After when the database is down, refusing or a wait bound ran out", () => {
    const log = vi.spyOn(logger("api"), "error").mockImplementation(() => undefined);
    try {
      const unavailable = [
        adapterError("57014"), // statement_timeout
        adapterError("55P03"), // lock_timeout
        adapterError("57P01"), // terminated by an administrator
        adapterError("55000"), // database not accepting connections
        adapterError("40P01"), // deadlock
        { code: "P1001", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } },
        { code: "P2024", message: "Timed out fetching a new connection from the connection pool." },
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
        new Error("timeout exceeded when trying to connect"),
        new Error("Connection terminated unexpectedly"),
      ];
      for (const error of unavailable) {
        expect(classifyDatabaseError(error), JSON.stringify(error)).toBe("unavailable");
        expect(toAppError(error)).toMatchObject({ code: "UNAVAILABLE", status: 503, details: { retryAfterSeconds: 2 } });
      }
    } finally {
      log.mockRestore();
    }
  });

  it("are 400 when the input holds text PostgreSQL cannot store", () => {
    expect(toAppError(adapterError("22021"))).toMatchObject({ code: "BAD_REQUEST", status: 400 });
  });

  it("are not guessed from other errors", () => {
    expect(classifyDatabaseError(adapterError("23505"))).toBeNull(); // unique violation: a bug, not an outage
    expect(classifyDatabaseError(new Error("boom"))).toBeNull();
    expect(classifyDatabaseError(new TRPCError({ code: "INTERNAL_SERVER_ERROR" }))).toBeNull();
  });
});
