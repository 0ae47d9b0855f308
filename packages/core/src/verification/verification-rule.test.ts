import { describe, expect, it } from "vitest";
import { supersedes, type ApplicantState, type CheckStatus } from "./verification-rule.ts";

const at = (ms: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, 0, ms));
const state = (status: CheckStatus, ms: number): ApplicantState => ({
  applicantId: "a1",
  status,
  reviewAnswer: null,
  rejectType: null,
  rejectLabels: [],
  moderationComment: null,
  clientComment: null,
  at: at(ms),
});
const stored = (status: CheckStatus, ms: number) => ({ status, statusAt: at(ms) });

describe("supersedes: a check's status never moves backwards", () => {
  it("takes the first state of a check", () => {
    expect(supersedes(null, state("pending", 0))).toBe(true);
  });

  it("takes a later event and refuses an earlier one, whatever their statuses", () => {
    expect(supersedes(stored("pending", 100), state("verified", 200))).toBe(true);
    expect(supersedes(stored("verified", 200), state("pending", 100))).toBe(false);
    // A reset after a review is later: back to pending.
    expect(supersedes(stored("verified", 200), state("pending", 300))).toBe(true);
    expect(supersedes(stored("retry", 200), state("pending", 300))).toBe(true);
  });

  it("changes nothing for a duplicate, and on equal times lets the later step win", () => {
    expect(supersedes(stored("pending", 100), state("pending", 100))).toBe(false);
    expect(supersedes(stored("verified", 100), state("verified", 100))).toBe(false);
    expect(supersedes(stored("pending", 100), state("retry", 100))).toBe(true);
    expect(supersedes(stored("verified", 100), state("pending", 100))).toBe(false);
  });

  it("keeps rejected for good", () => {
    expect(supersedes(stored("rejected", 100), state("pending", 900))).toBe(false);
    expect(supersedes(stored("rejected", 100), state("verified", 900))).toBe(false);
  });
});
