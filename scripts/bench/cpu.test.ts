import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { cpuDuring, cpuSeconds, mainThreadSeconds, pidsNamed, reapedChildrenCpuSeconds } from "./cpu.ts";

/** Keeps this thread on a core until it has used `ms` of CPU, however busy the machine is. */
const burnCpu = (ms: number) => {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
};

// vitest runs this file in a forked process (its default pool): the test is that process's main thread.
describe("CPU from /proc", () => {
  it("counts this process's CPU and its main thread's time on a core as Node.js does", async () => {
    const cpuBefore = process.cpuUsage();
    const { used } = await cpuDuring(
      { own: () => cpuSeconds(process.pid)!, thread: () => mainThreadSeconds(process.pid)!.onCore },
      async () => burnCpu(300),
    );
    const { user, system } = process.cpuUsage(cpuBefore);
    const node = (user + system) / 1e6;
    // /proc/<pid>/stat counts in hundredths of a second.
    expect(Math.abs(used.own - node)).toBeLessThan(0.03);
    expect(Math.abs(used.thread - node)).toBeLessThan(0.03);
    expect(used.machine).toBeGreaterThanOrEqual(node - 0.03);
  });

  it("counts a child that ran and exited once it is reaped", async () => {
    const before = reapedChildrenCpuSeconds(process.pid)!;
    const child = spawn(process.execPath, [
      "-e",
      "const s = process.cpuUsage(); while ((process.cpuUsage(s).user + process.cpuUsage(s).system) < 300_000);",
    ]);
    // Node waits for the child (its SIGCHLD handler) before the exit event.
    await once(child, "exit");
    const reaped = reapedChildrenCpuSeconds(process.pid)! - before;
    expect(reaped).toBeGreaterThanOrEqual(0.29);
    expect(reaped).toBeLessThan(1);
  });

  it("is null for a process that does not exist", () => {
    const noSuchPid = 2 ** 22 + 1; // above the kernel's largest pid
    expect(cpuSeconds(noSuchPid)).toBeNull();
    expect(reapedChildrenCpuSeconds(noSuchPid)).toBeNull();
    expect(mainThreadSeconds(noSuchPid)).toBeNull();
  });

  it("finds processes by name", () => {
    expect(pidsNamed("node")()).toContain(process.pid);
    expect(pidsNamed("no-such-process-name")()).toEqual([]);
  });
});
