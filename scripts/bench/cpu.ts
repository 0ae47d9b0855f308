// CPU time from /proc: how many cores a process (or the whole machine) kept busy while a phase ran.
import { readdirSync, readFileSync } from "node:fs";

/** The pids of one process that may not be running (yet, or any more), for coresDuring's groups. */
export const pidsOf = (pid: () => number | undefined) => (): number[] => {
  const running = pid();
  return running === undefined ? [] : [running];
};

const statFields = (pid: number | undefined): string[] | null => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return null;
  }
};

/** CPU seconds the process has used so far (user + system), or null once it is gone. */
export function cpuSeconds(pid: number | undefined): number | null {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : null;
}

/** CPU seconds of the children the process has waited for (user + system): those that ran and exited; null once it is gone. */
export function reapedChildrenCpuSeconds(pid: number | undefined): number | null {
  const fields = statFields(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) / 100 : null;
}

/**
 * Seconds the process's main thread (a Node.js server's JavaScript) has spent on a core, and
 * ready to run but waiting for one, from /proc/<pid>/schedstat; null once it is gone.
 */
export function mainThreadSeconds(pid: number | undefined): { onCore: number; waitingForCore: number } | null {
  try {
    const [onCore, waiting] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
    return { onCore: onCore! / 1e9, waitingForCore: waiting! / 1e9 };
  } catch {
    return null;
  }
}

/** The pids of every process of that name (its /proc comm), read when called. */
export const pidsNamed = (name: string) => (): number[] =>
  readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === name;
      } catch {
        return false;
      }
    })
    .map(Number);

/** A group's CPU seconds so far: its running processes' own. */
export const cpuOf = (pids: () => number[]) => (): number => pids().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);

/**
 * PostgreSQL's CPU seconds so far: every postgres process's own and what the postmaster reaped.
 * A backend that connects and exits within a phase (pgbench's) is counted through its parent;
 * one reaped between the two reads would count twice, so sample when no backend is exiting.
 */
export const postgresCpu = (): number =>
  pidsNamed("postgres")().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0) + (reapedChildrenCpuSeconds(pid) ?? 0), 0);

/** CPU seconds the whole machine has been busy (all but idle and I/O wait), from /proc/stat. */
export function machineBusySeconds(): number {
  const [, ...jiffies] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
  const total = jiffies.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return (total - jiffies[3]! - jiffies[4]!) / 100;
}

/** CPU seconds used, per named group (its CPU seconds so far: cpuOf, postgresCpu) and by the whole machine, while `work` ran. */
export async function cpuDuring<T, K extends string>(
  groups: Record<K, () => number>,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; used: Record<K | "machine", number> }> {
  const sample = () => {
    const busy = {} as Record<K | "machine", number>;
    for (const [name, cpu] of Object.entries(groups) as Array<[K, () => number]>) busy[name] = cpu();
    busy.machine = machineBusySeconds();
    return { at: Date.now(), busy };
  };
  const before = sample();
  const result = await work();
  const after = sample();
  const used = {} as Record<K | "machine", number>;
  for (const name of Object.keys(after.busy) as Array<K | "machine">) used[name] = after.busy[name] - before.busy[name];
  return { result, seconds: (after.at - before.at) / 1000, used };
}

/** Cores busy, per named group and for the whole machine, while `work` ran. */
export async function coresDuring<T, K extends string>(
  groups: Record<K, () => number>,
  work: () => Promise<T>,
): Promise<{ result: T; cores: Record<K | "machine", number> }> {
  const { result, seconds, used } = await cpuDuring(groups, work);
  const cores = {} as Record<K | "machine", number>;
  for (const name of Object.keys(used) as Array<K | "machine">) cores[name] = coresOf(used[name], seconds);
  return { result, cores };
}

/** Cores kept busy: CPU seconds over wall seconds, two decimals. */
export const coresOf = (cpuSeconds: number, seconds: number) => Math.round((cpuSeconds / seconds) * 100) / 100;
