import { afterEach, describe, expect, it, vi } from "vitest";

// apiEnv() reads the environment once per module instance: each case loads the modules afresh.
async function concurrency(env: Record<string, string>, { postgres, cores = 16 }: { postgres: boolean; cores?: number }) {
  vi.resetModules();
  for (const name of ["WEB_CONCURRENCY", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"])
    vi.stubEnv(name, env[name] ?? "");
  const { webConcurrency } = await import("./workers.ts");
  return () => webConcurrency({ postgres, cores });
}

afterEach(() => vi.unstubAllEnvs());

// The first import loads the modules afresh (seconds on a busy machine).
describe("webConcurrency (WEB_CONCURRENCY and its default)", { timeout: 30_000 }, () => {
  it("defaults to one per core on PostgreSQL with Redis, to 1 on the embedded database or with the in-process limiter", async () => {
    expect((await concurrency({ REDIS_URL: "redis://127.0.0.1:6379" }, { postgres: true }))().workers).toBe(16);
    expect((await concurrency({ REDIS_URL: "redis://127.0.0.1:6379" }, { postgres: false }))().workers).toBe(1);
    const memory = (await concurrency({}, { postgres: true }))();
    expect(memory.workers).toBe(1);
    expect(memory.reason).toContain("REDIS_URL");
  });

  it("takes WEB_CONCURRENCY as set", async () => {
    expect((await concurrency({ WEB_CONCURRENCY: "3", REDIS_URL: "redis://127.0.0.1:6379" }, { postgres: true }))().workers).toBe(3);
    expect((await concurrency({ WEB_CONCURRENCY: "1" }, { postgres: false }))().workers).toBe(1);
  });

  it("refuses more than one worker with the in-process rate limiter, or on the embedded database, saying what to set", async () => {
    expect(await concurrency({ WEB_CONCURRENCY: "2" }, { postgres: true })).toThrow(/in-process rate limiter .*Set REDIS_URL/);
    expect(await concurrency({ WEB_CONCURRENCY: "2", REDIS_URL: "redis://127.0.0.1:6379" }, { postgres: false })).toThrow(
      /embedded database .*Set DATABASE_URL/,
    );
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number of processes", async () => {
    expect(await concurrency({ WEB_CONCURRENCY: "0" }, { postgres: true })).toThrow(/WEB_CONCURRENCY must be a whole number of processes/);
    expect(await concurrency({ WEB_CONCURRENCY: "two" }, { postgres: true })).toThrow(
      /WEB_CONCURRENCY must be a whole number of processes/,
    );
  });
});
