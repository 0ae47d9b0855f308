import { describe, expect, it } from "vitest";
import { RELAY_BACKOFF_BASE_MS, RELAY_BACKOFF_CAP_MS, RelayBackoff } from "./relay-backoff.ts";

/** A backoff on a clock the test moves, with the jitter's random draw fixed. */
function backoffAt(random = 0) {
  const clock = { ms: 1_000_000 };
  const backoff = new RelayBackoff({ now: () => clock.ms, random: () => random });
  return { clock, backoff };
}

describe("RelayBackoff", () => {
  it("waits 250 ms after a first failure, doubling with each failure in a row up to 60 s", () => {
    expect(RELAY_BACKOFF_BASE_MS).toBe(250);
    expect(RELAY_BACKOFF_CAP_MS).toBe(60_000);
    const { clock, backoff } = backoffAt();
    const waits: number[] = [];
    for (let failure = 1; failure <= 12; failure++) {
      backoff.recordFailure("relay", clock.ms);
      waits.push(backoff.readyAtMs("relay") - clock.ms);
      clock.ms = backoff.readyAtMs("relay");
    }
    expect(waits).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    // The cap holds however long the outage: 2^(n−1) overflowing is still the cap.
    expect(backoff.delayMs(5_000)).toBe(60_000);
  });

  it("shortens each wait by up to a fifth at random, never lengthens it", () => {
    const { clock, backoff } = backoffAt(0.999_999);
    backoff.recordFailure("relay", clock.ms);
    expect(backoff.readyAtMs("relay") - clock.ms).toBeCloseTo(200, 3);
    clock.ms = backoff.readyAtMs("relay");
    backoff.recordFailure("relay", clock.ms);
    expect(backoff.readyAtMs("relay") - clock.ms).toBeCloseTo(400, 3);
  });

  it("is not ready while it waits, ready from the moment the wait ends", () => {
    const { clock, backoff } = backoffAt();
    expect(backoff.isReady("relay")).toBe(true);
    expect(backoff.readyAtMs("relay")).toBe(0);
    backoff.recordFailure("relay", clock.ms);
    clock.ms += 249;
    expect(backoff.isReady("relay")).toBe(false);
    clock.ms += 1;
    expect(backoff.isReady("relay")).toBe(true);
    // Ready again is not healthy again: it is still failing until it answers.
    expect(backoff.isFailing("relay")).toBe(true);
  });

  it("says a relay turned failing once, and recovered once", () => {
    const { clock, backoff } = backoffAt();
    expect(backoff.recordFailure("relay", clock.ms)).toBe(true);
    clock.ms += 1_000;
    expect(backoff.recordFailure("relay", clock.ms)).toBe(false);
    expect(backoff.recordSuccess("relay")).toBe(true);
    expect(backoff.recordSuccess("relay")).toBe(false);
    // Healthy again: the next failure starts from 250 ms and is news again.
    expect(backoff.recordFailure("relay", clock.ms)).toBe(true);
    expect(backoff.readyAtMs("relay") - clock.ms).toBe(250);
  });

  it("does not double the wait for attempts that were in flight beside the failure", () => {
    const { clock, backoff } = backoffAt();
    const startedMs = clock.ms;
    clock.ms += 10;
    backoff.recordFailure("relay", startedMs);
    clock.ms += 5;
    // Three more attempts that began with the first: the same outage, one step of the schedule.
    for (let i = 0; i < 3; i++) expect(backoff.recordFailure("relay", startedMs)).toBe(false);
    expect(backoff.readyAtMs("relay")).toBe(startedMs + 10 + 250);
  });

  it("keeps each relay's schedule apart and counts the relays failing", () => {
    const { clock, backoff } = backoffAt();
    backoff.recordFailure("a", clock.ms);
    clock.ms += 250;
    backoff.recordFailure("a", clock.ms);
    backoff.recordFailure("b", clock.ms);
    expect(backoff.readyAtMs("a") - clock.ms).toBe(500);
    expect(backoff.readyAtMs("b") - clock.ms).toBe(250);
    expect(backoff.isReady("c")).toBe(true);
    expect(backoff.failingCount).toBe(2);
    backoff.recordSuccess("a");
    expect(backoff.failingCount).toBe(1);
  });
});
