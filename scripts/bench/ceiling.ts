// The ceiling phase: openings in the bench process itself.
import { openPack } from "@prizepacks/core";
import type { Database } from "@prizepacks/db";
import type { Phase } from "./load.ts";
import { CONNECTIONS } from "./options.ts";

/** The same opening transaction, straight from node-postgres in this process: no HTTP, no framework. */
export function ceilingPhase(database: Database, users: Array<{ userId: string }>, slugs: string[]): Phase {
  return {
    label: `ceiling (node-postgres, ${CONNECTIONS} in flight)`,
    run: async (seconds) => {
      const latencies: number[] = [];
      let errors = 0;
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, index) => {
          const user = users[index % users.length]!;
          const slug = slugs[index % slugs.length]!;
          while (Date.now() < until) {
            const started = performance.now();
            try {
              await openPack(database, { userId: user.userId, idOrSlug: slug });
              latencies.push(performance.now() - started);
            } catch {
              errors++;
            }
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
      return { perSecond: Math.round(latencies.length / seconds), p50: at(0.5), p99: at(0.99), requests: latencies.length, errors };
    },
  };
}
