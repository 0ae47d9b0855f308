// --only lean: the targets of the lean HTTP path and of every core (#41), measured in one group
// of turns: reads and HTTP opens of the server under test (and of a second server, --versus DIR
// and/or --versus-workers N, on the same database), the in-process ceiling and pgbench's
// open_pack at 32 clients, with each server's CPU per HTTP opening.
import type { Database } from "@prizepacks/db";
import { ceilingPhase } from "./ceiling.ts";
import { cpuDuring, cpuOf } from "./cpu.ts";
import { httpPhase, measureInTurns, type Figures, type Phase } from "./load.ts";
import { log } from "./log.ts";
import { CONNECTIONS, targets } from "./options.ts";
import { pgbenchPhases } from "./pgbench.ts";
import type { Server } from "./server.ts";

/** One server's figures in the group. */
export interface LeanServerFigures {
  label: string;
  workers: number;
  list: Figures;
  detail: Figures;
  open: Figures;
  /** Its processes' CPU per HTTP opening (ms, the warm-up left out), and the machine's. */
  serverCpuMsPerOpening: number | null;
  machineCpuMsPerOpening: number | null;
}

export interface LeanFigures {
  servers: LeanServerFigures[];
  ceiling: Figures;
  pgbench: Figures | null;
}

export interface LeanServer {
  label: string;
  workers: number;
  server: Server;
}

export async function measureLean(
  database: Database,
  databaseUrl: string,
  servers: LeanServer[],
  { slugs, key, ceilingUsers }: { slugs: string[]; key: (i: number) => string; ceilingUsers: Array<{ userId: string }> },
): Promise<LeanFigures> {
  const pgbench = await pgbenchPhases(database, databaseUrl).catch((error: unknown) => {
    log(`pgbench not measured: ${(error as Error).message}`);
    return null;
  });
  const cpuTurns = new Map<string, Array<{ server: number; machine: number; openings: number }>>();
  const counted = (name: string, phase: Phase, pids: () => number[]): Phase => ({
    ...phase,
    run: async (seconds) => {
      const { result, used } = await cpuDuring({ server: cpuOf(pids) }, () => phase.run(seconds));
      cpuTurns.set(name, [...(cpuTurns.get(name) ?? []), { ...used, openings: result.completed ?? result.requests }]);
      return result;
    },
  });
  const phases: Phase[] = [];
  for (const { label, server } of servers) {
    const base = server.baseUrl;
    phases.push(
      httpPhase(`${label}: GET /v1/packs`, base, { path: () => "/v1/packs", key }),
      httpPhase(`${label}: GET /v1/packs/{slug}`, base, { path: (i) => `/v1/packs/${slugs[i % slugs.length]}`, key }),
      counted(
        label,
        httpPhase(`${label}: POST /v1/packs/{slug}/open, ${CONNECTIONS} accounts over ${slugs.length} packs`, base, {
          method: "POST",
          path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`,
          key,
        }),
        () => server.pids(),
      ),
    );
  }
  phases.push(ceilingPhase(database, ceilingUsers, slugs));
  if (pgbench) phases.push(pgbench.product);
  const figures = await measureInTurns(phases);
  const perOpening = (name: string, group: "server" | "machine") => {
    const turns = (cpuTurns.get(name) ?? []).slice(1);
    const openings = turns.reduce((sum, turn) => sum + turn.openings, 0);
    return openings === 0 ? null : Math.round((turns.reduce((sum, turn) => sum + turn[group], 0) / openings) * 100_000) / 100;
  };
  return {
    servers: servers.map(({ label, workers }, index) => ({
      label,
      workers,
      list: figures[index * 3]!,
      detail: figures[index * 3 + 1]!,
      open: figures[index * 3 + 2]!,
      serverCpuMsPerOpening: perOpening(label, "server"),
      machineCpuMsPerOpening: perOpening(label, "machine"),
    })),
    ceiling: figures[servers.length * 3]!,
    pgbench: pgbench ? figures[servers.length * 3 + 1]! : null,
  };
}

interface Row {
  measure: string;
  value: string;
  target: string;
  met: boolean | null;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 100) / 100);

/** The #41 targets of the server under test (the first), and the second server against it. */
export function leanRows(lean: LeanFigures): Row[] {
  const rows: Row[] = [];
  const row = (measure: string, value: number | string | null, target: string, met: boolean | null) =>
    rows.push({ measure, value: value === null ? "–" : String(value), target, met });
  const [subject, ...others] = lean.servers;
  if (!subject) return rows;
  const cpu = subject.serverCpuMsPerOpening;
  row(
    `server CPU ms per HTTP opening (${subject.label}, every process of it; the machine's ${subject.machineCpuMsPerOpening})`,
    cpu,
    `≤ ${targets.serverCpuMsPerOpening}`,
    cpu !== null && cpu <= targets.serverCpuMsPerOpening,
  );
  if (lean.pgbench) {
    const value = ratio(subject.open.perSecond, lean.pgbench.perSecond);
    row(
      `HTTP opens, ${CONNECTIONS} in flight / pgbench ceiling (open_pack, ${CONNECTIONS} clients)`,
      value,
      `≥ ${targets.openVsPgbench}`,
      value >= targets.openVsPgbench,
    );
  }
  const vsCeiling = ratio(subject.open.perSecond, lean.ceiling.perSecond);
  row(
    `HTTP opens, ${CONNECTIONS} in flight / in-process ceiling (openPack)`,
    vsCeiling,
    `≥ ${targets.openVsCeiling}`,
    vsCeiling >= targets.openVsCeiling,
  );
  for (const versus of others) {
    const list = ratio(subject.list.perSecond, versus.list.perSecond);
    const detail = ratio(subject.detail.perSecond, versus.detail.perSecond);
    row(
      `reads, ${subject.label} / ${versus.label}: GET /v1/packs, GET /v1/packs/{slug}`,
      `${list}, ${detail}`,
      `≥ ${targets.readsVsBefore} (unchanged or better)`,
      list >= targets.readsVsBefore && detail >= targets.readsVsBefore,
    );
    row(`HTTP opens, ${subject.label} / ${versus.label}`, ratio(subject.open.perSecond, versus.open.perSecond), "report", null);
    row(`server CPU ms per HTTP opening, ${subject.label} / ${versus.label}`, `${cpu} / ${versus.serverCpuMsPerOpening}`, "report", null);
    // What a box of 16 cores would serve: each worker's rate at one core of its own (this machine's
    // two share PostgreSQL, Redis and the load generator too, so this is the server's side only).
    const cores = 16;
    for (const server of versus === others.at(-1) ? [subject, ...others] : []) {
      if (server.serverCpuMsPerOpening) {
        row(
          `${server.label}: HTTP opens a core of the server's CPU serves (1000 / its CPU ms per opening), × ${cores} cores`,
          `${Math.round(1000 / server.serverCpuMsPerOpening)}/s, ${Math.round((cores * 1000) / server.serverCpuMsPerOpening)}/s`,
          "report",
          null,
        );
      }
    }
  }
  return rows;
}
