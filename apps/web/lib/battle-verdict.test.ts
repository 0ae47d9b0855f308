import { describe, expect, it } from "vitest";
import { battleChecks } from "./battle-verdict";

const recomputed = { lockKey: "k", gameSeed: "g", rounds: [], totals: [], winnerTeam: 0, payouts: [] };

describe("battleChecks", () => {
  it("passes every check of a valid verification", () => {
    const checks = battleChecks({ valid: true, problems: [], recomputed }, "k");
    expect(checks.every((check) => check.passed)).toBe(true);
    expect(checks.map((check) => check.key)).toContain("draws");
  });

  it("puts each problem of verifyBattle under its own check", () => {
    const checks = battleChecks(
      {
        valid: false,
        problems: [
          "sha256(serverSeed) is not the commitment",
          "round 2: the odds do not hash to the spec's oddsHash",
          "round 1: the draws differ",
          "the winner differs",
          "the beacon randomness is not sha256(signature)",
        ],
        recomputed,
      },
      null,
      ["the beacon round's BLS signature does not verify against the chain's public key"],
    );
    const failed = Object.fromEntries(checks.map((check) => [check.key, !check.passed]));
    expect(failed).toMatchObject({
      commitment: true,
      odds: true,
      draws: true,
      result: true,
      beacon: true,
      bls: true,
      spec: false,
      payouts: false,
      seats: false,
    });
  });

  it("fails K when the recomputed key is not the one announced at lock", () => {
    const checks = battleChecks({ valid: true, problems: [], recomputed }, "another");
    expect(checks.find((check) => check.key === "lockKey")?.passed).toBe(false);
  });

  it("fails everything when the proof could not be read", () => {
    const checks = battleChecks({ valid: false, problems: ["the spec is not JSON"], recomputed: null }, null);
    expect(checks.some((check) => check.passed)).toBe(false);
    expect(checks.find((check) => check.key === "spec")?.problems).toEqual(["the spec is not JSON"]);
  });
});
