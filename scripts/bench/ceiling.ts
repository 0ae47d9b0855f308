// The in-process ceiling: openings in the bench process itself.
import { openPack } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import type { Database } from "@prizepacks/db";
import type { Phase } from "./load.ts";
import { CONNECTIONS } from "./options.ts";

/**
 * openPack, the service's own opening (the catalog in memory, the draw, the one open_pack call on
 * the pool), called in this process: what an opening costs the database and the domain without
 * HTTP, authentication, rate limiting or tRPC. Formerly labelled "node-postgres ceiling", as if it
 * issued a bare statement; it runs the domain's code.
 */
export function ceilingPhase(database: Database, users: Array<{ userId: string }>, slugs: string[]): Phase {
  return {
    label: `in-process ceiling (openPack, ${CONNECTIONS} in flight)`,
    run: async (seconds) => {
      const latencies: number[] = [];
      let errors = 0;
      const services = await openServices(database);
      const until = Date.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, index) => {
          const user = users[index % users.length]!;
          const slug = slugs[index % slugs.length]!;
          while (Date.now() < until) {
            const started = performance.now();
            try {
              await openPack(services, { userId: user.userId, idOrSlug: slug });
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
