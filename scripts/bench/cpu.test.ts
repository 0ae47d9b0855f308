import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { cpuDuring, cpuSeconds, mainThreadSeconds, pidsNamed, reapedChildrenCpuSeconds } from "./cpu.ts";

const burn = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("CPU from /proc", () => {
  it("counts this thread's time on a core", async () => {
    const { used } = await cpuDuring(
      { own: () => cpuSeconds(process.pid) ?? 0, thread: () => mainThreadSeconds(process.pid).onCore },
      async () => burn(300),
    );
    expect(used.own).toBeGreaterThan(0.2);
    expect(used.thread).toBeGreaterThan(0.2);
    expect(used.machine).toBeGreaterThan(0.2);
  });

  it("counts a child that ran and exited once it is reaped", async () => {
    const before = reapedChildrenCpuSeconds(process.pid);
    const child = spawn(process.execPath, ["-e", "const t = Date.now() + 300; while (Date.now() < t);"]);
    await once(child, "exit");
    // The exit event comes after Node's SIGCHLD handler has waited for the child.
    expect(reapedChildrenCpuSeconds(process.pid) - before).toBeGreaterThan(0.2);
  });

  it("finds processes by name and nothing for a name no process has", () => {
    expect(pidsNamed("node")()).toContain(process.pid);
    expect(pidsNamed("no-such-process-name")()).toEqual([]);
  });
});
