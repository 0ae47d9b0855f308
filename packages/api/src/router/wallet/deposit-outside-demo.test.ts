import { describe, expect, it, vi } from "vitest";
import type { Services } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";

// A production start: listening on every interface, DEMO_MODE unset, and an operator who
// set DEMO_DEPOSITS=true hoping for free money. The env module reads once, so stub first.
vi.stubEnv("HOST", "0.0.0.0");
vi.stubEnv("DEMO_MODE", "");
vi.stubEnv("DEMO_DEPOSITS", "true");
vi.stubEnv("REDIS_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
const { createCaller } = await import("../../root.ts");
const { createContext } = await import("../../context.ts");

const neverCalled = new Proxy(
  {},
  {
    get: () => {
      throw new Error("the database was used");
    },
  },
);
const database = { prisma: neverCalled, sql: neverCalled } as unknown as Database;
// Every mutation announces its events afterwards (trpc.ts), refused or not: nothing to announce here.
const services = { database, announceEvents: () => undefined } as unknown as Services;

describe("wallet.deposit outside demo mode", () => {
  it("is refused with FORBIDDEN whatever DEMO_DEPOSITS says", async () => {
    const caller = createCaller(
      createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => "user-1" }),
    );
    await expect(caller.wallet.deposit({ amount: "10.00" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Deposits are not available: demo deposits exist only in demo mode.",
    });
  });
});
