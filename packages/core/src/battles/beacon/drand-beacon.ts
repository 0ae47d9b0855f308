import { setTimeout as sleep } from "node:timers/promises";
import { verifyBeaconRound } from "@prizepacks/fairness";
import { logger } from "@prizepacks/db/log";
import { z } from "zod";
import { beaconRelayFailures, beaconRelaysFailing } from "../../runtime/metrics.ts";
import { BeaconUnavailableError, type Beacon, type BeaconChain, type BeaconRound } from "./beacon.ts";
import { assertRoundNumber, roundAt, roundTimeMs } from "./beacon-clock.ts";
import { RelayBackoff } from "./relay-backoff.ts";

/** How long one relay gets to answer one request before the next relay is asked. */
export const DRAND_RELAY_TIMEOUT_MS = 3_000;

/**
 * For this long after a round is due, a relay's "not yet" is believed: drand publishes a round
 * once its nodes have signed it, a moment after its time, and clocks differ by a little.
 * Later, "not yet" is that relay failing.
 */
const NOT_YET_GRACE_MS = 10_000;

// drand's V1 HTTP API (https://docs.drand.love/docs/dev-guide/API%20Documentation%20v1/).
const chainInfoSchema = z.object({
  public_key: z.string(),
  period: z.number(),
  genesis_time: z.number(),
  hash: z.string(),
  schemeID: z.string(),
});
const publicRoundSchema = z.object({ round: z.number(), randomness: z.string(), signature: z.string() });

/** A relay's answer that is not the round: "not yet" is told apart from a relay failing. */
const NOT_YET = Symbol("not yet");

/** Why a relay failed: the `reason` of its failure metric and of the log line when it starts failing. */
type RelayFailureKind = "unreachable" | "timeout" | "status" | "malformed" | "wrong_round" | "unverifiable" | "overdue" | "wrong_chain";

class RelayError extends Error {
  constructor(
    readonly kind: RelayFailureKind,
    message: string,
  ) {
    super(message);
  }
}
/** A relay serving another chain than the configured one: refused for the life of the process. */
class RelayRefused extends RelayError {
  constructor() {
    super("wrong_chain", "serves chain info that differs from the configured chain");
  }
}

export interface DrandBeaconOptions {
  /** Relay base URLs, tried in order. */
  urls: readonly string[];
  chain: BeaconChain;
  timeoutMs?: number;
  /** Unix milliseconds; tests move it. */
  now?: () => number;
  /** Each relay's backoff after a failure; tests give one on their own clock. */
  backoff?: RelayBackoff;
}

/**
 * drand read over its public HTTP relays (BATTLE_BEACON=drand). Relays are untrusted: each
 * one's chain info is checked once against the configured chain (a relay serving another chain
 * is refused for the life of the process), and every round is verified against the chain's
 * public key before it is returned, so a relay can withhold a round but never change one.
 *
 * A relay that fails (unreachable, slow, a bad status, a round that is not the one asked or does
 * not verify) is not asked again until its backoff ends (RelayBackoff: 250 ms doubling to 60 s);
 * the next relay is asked meanwhile. Its failures are counted in
 * prizepacks_beacon_relay_failures_total, and logged only when it starts failing and when it
 * answers again: a bad relay asked for every round every quarter second flooded the log.
 */
export class DrandBeacon implements Beacon {
  readonly kind = "drand";
  readonly chain: BeaconChain;
  private readonly urls: readonly string[];
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** Each relay's info check, once it has answered; a relay that did not answer is asked again next time. */
  private readonly relayChecks = new Map<string, Promise<void>>();
  /** Relays whose chain info differs: never asked again. */
  private readonly refused = new Set<string>();
  private readonly backoff: RelayBackoff;
  private readonly log = logger("beacon");

  constructor({ urls, chain, timeoutMs = DRAND_RELAY_TIMEOUT_MS, now = Date.now, backoff = new RelayBackoff() }: DrandBeaconOptions) {
    if (urls.length === 0) throw new Error("DrandBeacon needs at least one relay URL");
    this.urls = urls.map((url) => url.replace(/\/+$/, ""));
    this.chain = chain;
    this.timeoutMs = timeoutMs;
    this.now = now;
    this.backoff = backoff;
  }

  roundAt(timeMs: number): number {
    return roundAt(this.chain, timeMs);
  }

  async fetchRound(round: number, signal?: AbortSignal): Promise<BeaconRound | null> {
    assertRoundNumber(round);
    // A round whose time has not come does not exist anywhere: no relay is asked.
    if (round > this.roundAt(this.now())) return null;
    const notYetBelievable = this.now() < roundTimeMs(this.chain, round) + NOT_YET_GRACE_MS;
    let notYet = false;
    for (const relay of await this.relaysToAsk(signal)) {
      signal?.throwIfAborted();
      const startedAtMs = this.backoff.now();
      try {
        const answer = await this.askRelay(relay, round, signal);
        if (answer === NOT_YET && !notYetBelievable) throw new RelayError("overdue", "says a round long due is not there yet");
        this.relayAnswered(relay);
        if (answer !== NOT_YET) return answer;
        notYet = true;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        this.relayFailed(relay, round, error, startedAtMs);
      }
    }
    if (notYet) return null;
    throw new BeaconUnavailableError(`no drand relay served round ${round} of chain ${this.chain.chainHash}`);
  }

  /**
   * The relays to ask now, in their order: those not backing off. When every one is, the one
   * whose backoff ends first, once it has ended: the caller (the settler) waits for it rather
   * than failing at once and asking again on its next pass. None when every relay is refused.
   */
  private async relaysToAsk(signal: AbortSignal | undefined): Promise<string[]> {
    const usable = this.urls.filter((relay) => !this.refused.has(relay));
    const ready = usable.filter((relay) => this.backoff.isReady(relay));
    if (ready.length > 0 || usable.length === 0) return ready;
    const first = usable.reduce((a, b) => (this.backoff.readyAtMs(b) < this.backoff.readyAtMs(a) ? b : a));
    // Not ref'd: a wait for a relay never keeps the process alive.
    await sleep(Math.max(0, this.backoff.readyAtMs(first) - this.backoff.now()), undefined, { signal, ref: false });
    return [first];
  }

  private relayAnswered(relay: string): void {
    if (!this.backoff.recordSuccess(relay)) return;
    beaconRelaysFailing.set(this.failingCount());
    this.log.info({ relay }, "drand relay answers again");
  }

  /** Counts every failure; logs one line when the relay goes from healthy to failing, none while it keeps failing. */
  private relayFailed(relay: string, round: number, error: unknown, startedAtMs: number): void {
    const kind = error instanceof RelayError ? error.kind : "unreachable";
    beaconRelayFailures.inc({ relay, reason: kind });
    if (error instanceof RelayRefused) {
      this.refused.add(relay);
      this.backoff.recordSuccess(relay);
    } else if (this.backoff.recordFailure(relay, startedAtMs)) {
      const retryInMs = Math.round(this.backoff.readyAtMs(relay) - this.backoff.now());
      this.log.warn(
        { relay, round, reason: kind, detail: (error as Error).message, retryInMs },
        "drand relay failing: backing off (up to a minute between tries) and asking the next; logged again when it answers",
      );
    }
    beaconRelaysFailing.set(this.failingCount());
  }

  private failingCount(): number {
    return this.backoff.failingCount + this.refused.size;
  }

  private async askRelay(relay: string, round: number, signal: AbortSignal | undefined): Promise<BeaconRound | typeof NOT_YET> {
    await this.checkRelay(relay, signal);
    const response = await this.get(`${relay}/${this.chain.chainHash}/public/${round}`, signal);
    // 425 is what drand's relays answer for a future round; its documentation says 404.
    if (response.status === 425 || response.status === 404) {
      await response.body?.cancel();
      return NOT_YET;
    }
    const body = publicRoundSchema.safeParse(await this.json(response));
    if (!body.success) throw new RelayError("malformed", "answered something that is not a round");
    const answered = { round: body.data.round, randomness: body.data.randomness, signature: body.data.signature };
    if (answered.round !== round) throw new RelayError("wrong_round", `answered round ${answered.round} for ${round}`);
    if (!(await verifyBeaconRound(this.chain, answered))) throw new RelayError("unverifiable", "served a round that does not verify");
    return answered;
  }

  /** The relay's `/{chainHash}/info` against the configured chain, once per relay. */
  private checkRelay(relay: string, signal: AbortSignal | undefined): Promise<void> {
    let check = this.relayChecks.get(relay);
    if (!check) {
      check = this.fetchRelayInfo(relay, signal).then((info) => {
        const { chain } = this;
        const expected = {
          hash: chain.chainHash,
          public_key: chain.publicKey,
          period: chain.period,
          genesis_time: chain.genesisTime,
          schemeID: chain.schemeID,
        };
        const differs = Object.entries(expected)
          .filter(([field, value]) => info[field as keyof typeof expected] !== value)
          .map(([field]) => field);
        if (differs.length === 0) return;
        this.log.error({ relay, chainHash: chain.chainHash, differs }, "drand relay's chain info differs: refused");
        throw new RelayRefused();
      });
      this.relayChecks.set(relay, check);
      // Only an answer is remembered (a match, or a mismatch that refuses the relay for good);
      // a relay that could not be reached is asked again on the next call.
      check.catch((error: unknown) => {
        if (!(error instanceof RelayRefused)) this.relayChecks.delete(relay);
      });
    }
    return check;
  }

  private async fetchRelayInfo(relay: string, signal: AbortSignal | undefined): Promise<z.infer<typeof chainInfoSchema>> {
    const response = await this.get(`${relay}/${this.chain.chainHash}/info`, signal);
    const info = chainInfoSchema.safeParse(await this.json(response));
    if (!info.success) throw new RelayError("malformed", "answered something that is not chain info");
    return info.data;
  }

  private async get(url: string, signal: AbortSignal | undefined): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    try {
      return await fetch(url, {
        headers: { accept: "application/json" },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (timeout.aborted) throw new RelayError("timeout", `no answer within ${this.timeoutMs} ms`);
      throw new RelayError("unreachable", `unreachable (${(error as Error).message})`);
    }
  }

  private async json(response: Response): Promise<unknown> {
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new RelayError("status", `answered HTTP ${response.status}`);
    }
    try {
      return await response.json();
    } catch {
      throw new RelayError("malformed", "answered malformed JSON");
    }
  }
}
