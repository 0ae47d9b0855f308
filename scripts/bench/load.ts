// Load over HTTP with autocannon, and phases compared in turns.
import autocannon, { type Client } from "autocannon";
import { log } from "./log.ts";
import { CONNECTIONS, SECONDS, WARMUP_SECONDS } from "./options.ts";

export interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** What succeeded in the time the phase actually ran (autocannon, pgbench): a count to divide that time's CPU by. */
  completed?: number;
}

export interface LoadSpec {
  method?: "GET" | "POST";
  /** Each connection's path, by its index (and by the request's place in its cycle). */
  path: (connection: number, request: number) => string;
  /** Each connection's API key, by its index (and the request's place); none for public files. */
  key?: (connection: number, request: number) => string;
  /** Requests a connection sends in turn before it starts over (default 1: the same request each time). */
  cycle?: number;
}

export async function load(baseUrl: string, spec: LoadSpec, seconds: number): Promise<Figures> {
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    method: spec.method ?? "GET",
    setupClient: (client: Client) => {
      const index = connection++;
      // setRequests, not setRequest: the latter changes only the request in hand, and the
      // client then cycles back to the default one.
      client.setRequests(
        Array.from({ length: spec.cycle ?? 1 }, (_, request) => ({
          method: spec.method ?? "GET",
          path: spec.path(index, request),
          headers: spec.key ? { authorization: `Bearer ${spec.key(index, request)}` } : {},
        })),
      );
    },
  });
  // autocannon stops at its first once-a-second sample after the duration (a 3.3 s turn runs
  // 4 s): the rate is over the time it ran, the count scaled to the seconds asked (as pgbench's).
  const perSecond = result.requests.total / result.duration;
  return {
    perSecond: Math.round(perSecond),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: Math.round(perSecond * seconds),
    errors: result.errors + result.non2xx + result.timeouts,
    completed: result.requests.total - result.non2xx,
  };
}

/** A phase: runs for the given seconds and reports what it measured. */
export type Phase = { label: string; run: (seconds: number) => Promise<Figures> };

export const httpPhase = (label: string, baseUrl: string, spec: LoadSpec): Phase => ({
  label,
  run: (seconds) => load(baseUrl, spec, seconds),
});

const ROUNDS = 3;

/**
 * Phases that are compared with each other run in turns, a third of the time each per round,
 * after one warm-up each: a busy neighbour on the machine then slows all of them alike
 * instead of whichever happened to run at that moment.
 */
export async function measureInTurns(phases: Phase[]): Promise<Figures[]> {
  for (const phase of phases) await phase.run(WARMUP_SECONDS);
  const rounds: Figures[][] = phases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, phase] of phases.entries()) rounds[index]!.push(await phase.run(SECONDS / ROUNDS));
  }
  return phases.map((phase, index) => {
    const runs = rounds[index]!;
    const requests = runs.reduce((sum, f) => sum + f.requests, 0);
    const figures: Figures = {
      perSecond: Math.round(requests / SECONDS),
      // Percentiles of the rounds: the mean of their medians, the median of their p99s (one
      // round hit by an autovacuum or checkpoint stall does not make the whole tail).
      p50: Math.round((runs.reduce((sum, f) => sum + f.p50, 0) / runs.length) * 10) / 10,
      p99: [...runs.map((f) => f.p99)].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!,
      requests,
      errors: runs.reduce((sum, f) => sum + f.errors, 0),
    };
    log(
      `${phase.label}: ${figures.perSecond}/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms${figures.errors ? `, ${figures.errors} ERRORS` : ""}`,
    );
    return figures;
  });
}
