import { verifyBeaconRound } from "@prizepacks/fairness";
import { logger } from "@prizepacks/db/log";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { beaconRelayFailures } from "../../runtime/metrics.ts";
import { startDrandStandin, type DrandStandin } from "../../testing/drand-standin.ts";
import { BeaconUnavailableError } from "./beacon.ts";
import { DrandBeacon } from "./drand-beacon.ts";

// Two stand-ins serving the same chain (one key, one genesis) are two relays of it, as
// api.drand.sh and drand.cloudflare.com are of quicknet.
let first: DrandStandin;
let second: DrandStandin;

beforeEach(async () => {
  first = await startDrandStandin();
  second = await startDrandStandin();
});
afterEach(async () => {
  await Promise.all([first.close(), second.close()]);
});

/** A beacon over `relays`, all serving `first`'s chain: the second relay re-serves the first's rounds. */
function beaconOver(relays: DrandStandin[], options: { timeoutMs?: number } = {}) {
  return new DrandBeacon({ urls: relays.map((relay) => relay.url), chain: first.chain, ...options });
}

/** `second` made a relay of `first`'s chain: same key, hash and clock. */
async function mirrorOfFirst(): Promise<DrandStandin> {
  await second.close();
  second = await startDrandStandin({ relayOf: first });
  return second;
}

describe("DrandBeacon", () => {
  it("fetches a round from the first relay and verifies it", async () => {
    const beacon = beaconOver([first, second]);
    const round = beacon.roundAt(Date.now()) - 5;
    const fetched = await beacon.fetchRound(round);
    expect(fetched?.round).toBe(round);
    expect(await verifyBeaconRound(first.chain, fetched!)).toBe(true);
    expect(first.requests).toEqual([`GET /${first.chain.chainHash}/info`, `GET /${first.chain.chainHash}/public/${round}`]);
    expect(second.requests).toEqual([]);
    // The relay's info is checked once.
    await beacon.fetchRound(round + 1);
    expect(first.requests.filter((request) => request.endsWith("/info"))).toHaveLength(1);
  });

  it("asks the second relay when the first is down, refusing connections or answering 503", async () => {
    const mirror = await mirrorOfFirst();
    const beacon = beaconOver([first, mirror]);
    const round = beacon.roundAt(Date.now()) - 5;
    await first.down();
    expect((await beacon.fetchRound(round))?.round).toBe(round);
    await first.up();
    await first.down("503");
    const fetched = await beacon.fetchRound(round - 1);
    expect(await verifyBeaconRound(first.chain, fetched!)).toBe(true);
    expect(mirror.requests).toContain(`GET /${first.chain.chainHash}/public/${round - 1}`);
  });

  it("skips a relay that serves a forged round and takes the round from the next", async () => {
    const mirror = await mirrorOfFirst();
    const beacon = beaconOver([first, mirror]);
    const round = beacon.roundAt(Date.now()) - 5;
    first.forge(round);
    const fetched = await beacon.fetchRound(round);
    expect(await verifyBeaconRound(first.chain, fetched!)).toBe(true);
    expect(first.requests).toContain(`GET /${first.chain.chainHash}/public/${round}`);
    expect(mirror.requests).toContain(`GET /${first.chain.chainHash}/public/${round}`);
  });

  it("throws BeaconUnavailableError when no relay serves a verified round", async () => {
    const mirror = await mirrorOfFirst();
    const beacon = beaconOver([first, mirror]);
    const round = beacon.roundAt(Date.now()) - 5;
    await first.down();
    await mirror.down("503");
    await expect(beacon.fetchRound(round)).rejects.toBeInstanceOf(BeaconUnavailableError);
    await mirror.up();
    mirror.forge(round);
    await expect(beacon.fetchRound(round)).rejects.toBeInstanceOf(BeaconUnavailableError);
  });

  it("gives a slow relay its bound, then asks the next", async () => {
    const mirror = await mirrorOfFirst();
    first.delayMs = 60_000;
    const beacon = beaconOver([first, mirror], { timeoutMs: 200 });
    const round = beacon.roundAt(Date.now()) - 5;
    expect((await beacon.fetchRound(round))?.round).toBe(round);
  });

  it("answers null for a round whose time has not come, without asking any relay", async () => {
    const beacon = beaconOver([first, second]);
    expect(await beacon.fetchRound(beacon.roundAt(Date.now()) + 10)).toBeNull();
    expect(first.requests).toEqual([]);
    expect(second.requests).toEqual([]);
  });

  it("refuses a relay whose chain info differs from the configured chain, for good", async () => {
    // Claims first's chain hash, signs with its own key.
    await second.close();
    second = await startDrandStandin({ chainHash: first.chain.chainHash, genesisTime: first.chain.genesisTime });
    const beacon = beaconOver([second, first]);
    const round = beacon.roundAt(Date.now()) - 5;
    const fetched = await beacon.fetchRound(round);
    expect(await verifyBeaconRound(first.chain, fetched!)).toBe(true);
    expect(second.requests).toEqual([`GET /${first.chain.chainHash}/info`]);
    await beacon.fetchRound(round - 1);
    expect(second.requests).toEqual([`GET /${first.chain.chainHash}/info`]);
  });

  it("believes a relay's 'not yet' just after the round is due (null), not long after (unavailable)", async () => {
    const dueMs = Date.now();
    // A relay whose clock is 6 s behind: the round just due is a future round to it.
    await second.close();
    second = await startDrandStandin({ relayOf: first, now: () => dueMs - 6_000 });
    let nowMs = dueMs;
    const beacon = new DrandBeacon({ urls: [second.url], chain: first.chain, now: () => nowMs });
    const round = beacon.roundAt(dueMs);
    expect(await beacon.fetchRound(round)).toBeNull();
    expect(second.requests).toContain(`GET /${first.chain.chainHash}/public/${round}`);
    nowMs = dueMs + 60_000;
    await expect(beacon.fetchRound(round)).rejects.toBeInstanceOf(BeaconUnavailableError);
  });

  it("backs a relay serving unverifiable rounds off, takes the rounds from the next, logs it once and counts every failure", async () => {
    const mirror = await mirrorOfFirst();
    first.forge();
    const lines: string[] = [];
    const spies = (["info", "warn", "error"] as const).map((level) =>
      vi.spyOn(logger("beacon"), level).mockImplementation((...args: unknown[]) => void lines.push(`${level} ${JSON.stringify(args)}`)),
    );
    try {
      const beacon = beaconOver([first, mirror]);
      const latest = beacon.roundAt(Date.now()) - 5;
      // A round after round for 4 s, as a settler with battles due on every pass asks.
      let fetched = 0;
      for (const startedMs = Date.now(); Date.now() - startedMs < 4_000; fetched++) {
        const round = await beacon.fetchRound(latest - fetched);
        expect(round && (await verifyBeaconRound(first.chain, round))).toBe(true);
      }
      const badTries = first.requests.filter((request) => request.includes("/public/")).length;
      expect(mirror.requests.filter((request) => request.includes("/public/"))).toHaveLength(fetched);
      // 0.25, 0.5, 1 and 2 s apart (each up to a fifth sooner): at most five tries in 4 s, however many rounds were asked for.
      expect(fetched).toBeGreaterThan(6);
      expect(badTries).toBeGreaterThanOrEqual(3);
      expect(badTries).toBeLessThanOrEqual(5);
      const counted = (await beaconRelayFailures.get()).values.find(
        (value) => value.labels.relay === first.url && value.labels.reason === "unverifiable",
      );
      expect(counted?.value).toBe(badTries);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^warn .*"reason":"unverifiable"/);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it("logs a relay once when it starts failing and once when it answers again", async () => {
    const mirror = await mirrorOfFirst();
    const lines: string[] = [];
    const spies = (["info", "warn", "error"] as const).map((level) =>
      vi.spyOn(logger("beacon"), level).mockImplementation((...args: unknown[]) => void lines.push(`${level} ${JSON.stringify(args)}`)),
    );
    try {
      const beacon = beaconOver([first, mirror]);
      const round = beacon.roundAt(Date.now()) - 5;
      await first.down("503");
      for (let i = 0; i < 3; i++) await beacon.fetchRound(round - i);
      await first.up();
      // Out of its backoff (at most 500 ms after two failures), it is asked and answers.
      for (let waitedMs = 0; !first.requests.at(-1)?.endsWith(`/public/${round}`) || lines.length < 2; waitedMs += 100) {
        expect(waitedMs).toBeLessThan(5_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
        await beacon.fetchRound(round);
      }
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/^warn .*"reason":"status"/);
      expect(lines[1]).toMatch(/^info .*answers again/);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});
