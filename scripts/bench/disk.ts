// The disk's own pace: what every opening's commit waits on (its WAL flush), measured beside the
// opens as the static file is beside the reads, so that a run's ratios can tell the machine's
// disk getting slower (a VM's neighbours) from the service or the database getting slower.
import { open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Phase } from "./load.ts";

const PAGE = Buffer.alloc(8192, 1);

/** One 8 KiB write then fdatasync, over and over (pg_test_fsync's first figure), in the temp folder. */
export const diskPhase = (): Phase => ({
  label: "disk: 8 KiB write + fdatasync, one at a time",
  run: async (seconds) => {
    const file = path.join(tmpdir(), `prizepacks-bench-fsync-${process.pid}`);
    const handle = await open(file, "w");
    const latencies: number[] = [];
    try {
      const until = performance.now() + seconds * 1000;
      while (performance.now() < until) {
        const started = performance.now();
        await handle.write(PAGE, 0, PAGE.length, 0);
        await handle.datasync();
        latencies.push(performance.now() - started);
      }
    } finally {
      await handle.close();
      await rm(file, { force: true });
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
    return { perSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), requests: latencies.length, errors: 0 };
  },
});
