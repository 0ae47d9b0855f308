// CPU time from /proc: how many cores a process (or the whole machine) kept busy while a phase ran.
import { readFileSync } from "node:fs";

/** The pids of one process that may not be running (yet, or any more), for coresDuring's groups. */
export const pidsOf = (pid: () => number | undefined) => (): number[] => {
  const running = pid();
  return running === undefined ? [] : [running];
};

/** CPU seconds the process has used so far (user + system), or null once it is gone. */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine has been busy (all but idle and I/O wait), from /proc/stat. */
export function machineBusySeconds(): number {
  const [, ...jiffies] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).map(Number);
  const total = jiffies.slice(0, 8).reduce((sum, n) => sum + n, 0);
  return (total - jiffies[3]! - jiffies[4]!) / 100;
}

/** Cores busy, per named process group and for the whole machine, while `work` ran. */
export async function coresDuring<T, K extends string>(
  groups: Record<K, () => number[]>,
  work: () => Promise<T>,
): Promise<{ result: T; cores: Record<K | "machine", number> }> {
  const sample = () => {
    const busy = {} as Record<K | "machine", number>;
    for (const [name, pids] of Object.entries(groups) as Array<[K, () => number[]]>) {
      busy[name] = pids().reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
    }
    busy.machine = machineBusySeconds();
    return { at: Date.now(), busy };
  };
  const before = sample();
  const result = await work();
  const after = sample();
  const seconds = (after.at - before.at) / 1000;
  const cores = {} as Record<K | "machine", number>;
  for (const name of Object.keys(after.busy) as Array<K | "machine">) {
    cores[name] = Math.round(((after.busy[name] - before.busy[name]) / seconds) * 100) / 100;
  }
  return { result, cores };
}
