import { afterEach, describe, expect, it, vi } from "vitest";

async function freshServiceEnv(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return (await import("./service-env.ts")).serviceEnv();
}

afterEach(() => vi.unstubAllEnvs());

describe("serviceEnv: demo mode", () => {
  it("is on by default, because the default HOST is loopback", async () => {
    expect(await freshServiceEnv({ HOST: "", DEMO_MODE: "" })).toMatchObject({ HOST: "127.0.0.1", demoMode: true, demoModeExposed: false });
  });

  it("follows HOST: loopback names and addresses on, any other interface off", async () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"]) {
      expect((await freshServiceEnv({ HOST: host, DEMO_MODE: "" })).demoMode, host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "prizepacks.example", "128.0.0.1"]) {
      expect((await freshServiceEnv({ HOST: host, DEMO_MODE: "" })).demoMode, host).toBe(false);
    }
  });

  it("DEMO_MODE=true forces it on an exposed interface (flagged), DEMO_MODE=false turns it off on loopback", async () => {
    expect(await freshServiceEnv({ HOST: "0.0.0.0", DEMO_MODE: "true" })).toMatchObject({ demoMode: true, demoModeExposed: true });
    expect(await freshServiceEnv({ HOST: "127.0.0.1", DEMO_MODE: "false" })).toMatchObject({ demoMode: false, demoModeExposed: false });
  });

  it("refuses values that are not true or false", async () => {
    await expect(freshServiceEnv({ DEMO_MODE: "yes" })).rejects.toThrow(/DEMO_MODE must be "true" or "false"/);
  });
});

describe("serviceEnv: MINIMUM_AGE", () => {
  it("is 18 by default, may be raised, and refuses anything under 18 or not whole years", async () => {
    expect((await freshServiceEnv({ MINIMUM_AGE: "" })).MINIMUM_AGE).toBe(18);
    expect((await freshServiceEnv({ MINIMUM_AGE: "21" })).MINIMUM_AGE).toBe(21);
    for (const value of ["17", "18.5", "eighteen"]) {
      await expect(freshServiceEnv({ MINIMUM_AGE: value }), value).rejects.toThrow(
        /MINIMUM_AGE must be a whole number of years, 18 or more/,
      );
    }
  });
});
