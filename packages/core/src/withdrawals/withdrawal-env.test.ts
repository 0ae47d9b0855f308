import { afterEach, describe, expect, it, vi } from "vitest";

async function freshDelay(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return (await import("./withdrawal-env.ts")).destinationUsableAfterHours();
}

afterEach(() => vi.unstubAllEnvs());

describe("destinationUsableAfterHours (PAYOUT_DESTINATION_DELAY_HOURS)", () => {
  it("is 24 by default, in demo mode and out of it", async () => {
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "", DEMO_MODE: "true" })).toBe(24);
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "", DEMO_MODE: "false" })).toBe(24);
  });

  it("is shortened only in demo mode (the browser tests' 0); outside it never under 24", async () => {
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "0", DEMO_MODE: "true" })).toBe(0);
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "0", DEMO_MODE: "false" })).toBe(24);
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "0", HOST: "0.0.0.0", DEMO_MODE: "" })).toBe(24);
  });

  it("is lengthened everywhere", async () => {
    expect(await freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: "72", DEMO_MODE: "false" })).toBe(72);
  });

  it("refuses what is not a whole number of hours up to 720", async () => {
    for (const value of ["-1", "1.5", "721", "soon"]) {
      await expect(freshDelay({ PAYOUT_DESTINATION_DELAY_HOURS: value, DEMO_MODE: "true" }), value).rejects.toThrow(
        /PAYOUT_DESTINATION_DELAY_HOURS must be a whole number of hours, 0 to 720/,
      );
    }
  });
});

describe("usableAfterText", () => {
  it("says when, in words", async () => {
    const { usableAfterText } = await import("./withdrawal-env.ts");
    expect(usableAfterText(24)).toBe("24 hours after you confirm it");
    expect(usableAfterText(1, "that")).toBe("1 hour after that");
    expect(usableAfterText(0)).toBe("as soon as you confirm it");
  });
});
