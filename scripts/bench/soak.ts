// The soak: mixed load for minutes, watching the server's memory.
import { load } from "./load.ts";
import { log } from "./log.ts";
import { SOAK_MINUTES, SOAK_WARMUP_MINUTES } from "./options.ts";
import { rssMiB, type Server } from "./server.ts";

export interface Soak {
  startMiB: number | null;
  endMiB: number | null;
  samples: Array<[number, number | null]>;
}

export async function runSoak(server: Server, slugs: string[], httpUsers: Array<{ apiKey: string }>): Promise<Soak> {
  const base = server.baseUrl;
  const key = (i: number) => httpUsers[i % httpUsers.length]!.apiKey;
  // Warmed up first: V8 grows its heap to the load's working size over the first minutes
  // (seen: 510 MiB at 15 s, 930 MiB at 4 min, then flat), which is sizing, not a leak.
  log(`soak: ${SOAK_WARMUP_MINUTES} minutes of warm-up, then ${SOAK_MINUTES} minutes of mixed load (list, detail, opens)`);
  const samples: Array<[number, number | null]> = [];
  const soakStarted = Date.now();
  const sampler = setInterval(() => samples.push([Math.round((Date.now() - soakStarted) / 1000), rssMiB(server.pid())]), 15_000);
  const mixed = (seconds: number) =>
    Promise.all([
      load(base, { path: (i) => (i % 2 ? "/v1/packs" : `/v1/packs/${slugs[i % slugs.length]}`), key }, seconds),
      load(
        base,
        {
          method: "POST",
          path: (i) => `/v1/packs/${slugs[i % slugs.length]}/open`,
          key: (i) => httpUsers[(i + 16) % httpUsers.length]!.apiKey,
        },
        seconds,
      ),
    ]);
  await mixed(SOAK_WARMUP_MINUTES * 60);
  const measuredFrom = Math.round((Date.now() - soakStarted) / 1000);
  const startMiB = rssMiB(server.pid());
  await mixed(SOAK_MINUTES * 60);
  clearInterval(sampler);
  const soak = { startMiB, endMiB: rssMiB(server.pid()), samples };
  log(`soak: RSS ${soak.startMiB} MiB after the warm-up (${measuredFrom} s), ${soak.endMiB} MiB ${SOAK_MINUTES} minutes later`);
  return soak;
}
