import { describe, expect, it, vi } from "vitest";
import type { Services } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";

// Before the env module first reads (it caches): deposits off, rate limits in memory.
vi.stubEnv("DEMO_DEPOSITS", "false");
vi.stubEnv("REDIS_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
const { createCaller } = await import("../../root.ts");
const { createContext } = await import("../../context.ts");

// No database needed: the switch refuses before anything is read or written.
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

describe("wallet.deposit", () => {
  it('is refused with FORBIDDEN when DEMO_DEPOSITS is "false"', async () => {
    const caller = createCaller(
      createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => "user-1" }),
    );
    await expect(caller.wallet.deposit({ amount: "10.00" })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Demo deposits are turned off.",
    });
  });

  it("refuses malformed amounts at the input", async () => {
    const caller = createCaller(
      createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => "user-2" }),
    );
    for (const amount of ["", "-1.00", "1.001", "ten", "1e3"]) {
      await expect(caller.wallet.deposit({ amount }), amount).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
  });
});
