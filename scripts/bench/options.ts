// The command line and the fixed sizes of a run; see index.ts for the flags.
import path from "node:path";

const args = process.argv.slice(2);
export const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

export const root = path.resolve(import.meta.dirname, "..", "..");
/** The build to measure; another checkout's, for before/after figures. */
export const appRoot = path.resolve(args.includes("--app-root") ? args[args.indexOf("--app-root") + 1]! : root);
export const SECONDS = option("seconds", 10);
export const WARMUP_SECONDS = 3;
export const CONNECTIONS = 32;
/**
 * What every account the bench opens with starts with. 1,000,000.00 ran dry on 2026-11-28, when
 * pgbench opened 5,240 a second (its client on the 250.00 pack after about 4,000), and an
 * opening refused for its balance is not an opening.
 */
export const ACCOUNT_BALANCE = "1000000000.00";
export const ACCOUNTS = 64;
export const GROWTH_SPINS = option("growth", 1_000_000);
export const SOAK_MINUTES = option("soak-minutes", 10);
export const SOAK_WARMUP_MINUTES = option("soak-warmup-minutes", 3);
export const withCeiling = !flag("no-ceiling");
/** The soak (its warm-up, then SOAK_MINUTES of mixed load, the server's RSS watched) is in every full run: its end RSS is a target. */
export const withSoak = !flag("no-soak");
/** Account event streams held open (and webhook endpoints registered) in the "with streams" phase. */
export const STREAMS = option("streams", 100);
/** --only pgbench|battles|scale|lean|translog: that phase alone (on the same server and database), its rows and the audit. */
export const ONLY = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
if (ONLY !== undefined && !["pgbench", "battles", "scale", "lean", "translog"].includes(ONLY)) {
  console.error(`[bench] --only takes pgbench, battles, scale, lean or translog, not ${ONLY}`);
  process.exit(1);
}
export const withPgbench = !flag("no-pgbench") && (ONLY === undefined || ONLY === "pgbench");
export const withBattles = !flag("no-battles") && (ONLY === undefined || ONLY === "battles");
/**
 * Event streams and, as many again, drop viewers held open in the scale phase (fewer when the
 * server's open-file limit cannot hold them all: the report says how many); 0 skips the phase.
 */
export const SCALE = option("scale", 10_000);
/** WEB_CONCURRENCY of the server under test: its processes on one port (1 unless asked: every figure before round three is of one). */
export const WORKERS = option("workers", 1);
/**
 * --only lean: a second server, on the same database and measured in the same turns: another
 * checkout's build (--versus DIR, a before/after; DIR,DIR,... for several, each a server of its own) and/or
 * another WEB_CONCURRENCY (--versus-workers N).
 */
export const VERSUS_APP_ROOTS = args.includes("--versus")
  ? args[args.indexOf("--versus") + 1]!.split(",").map((dir) => path.resolve(dir))
  : [];
export const VERSUS_WORKERS = args.includes("--versus-workers") ? option("versus-workers", 1) : undefined;

export const targets = {
  /** HTTP opens with the transparency log on against off, in turns (#40). */
  logOnVsOff: 0.95,
  /** HTTP opens (32 in flight) against the in-process ceiling: 0.5 until round three (#41), 0.6 since. */
  openVsCeiling: 0.6,
  /** The server's CPU (every process of it: the primary and its workers) per HTTP opening, in ms (#41). */
  serverCpuMsPerOpening: 0.3,
  /** Reads (GET /v1/packs, /v1/packs/{slug}) of this build against the --versus one's, in the same turns: unchanged or better, within the noise (#41). */
  readsVsBefore: 0.95,
  p99OverP50: 4,
  onePackVsSpread: 0.9,
  readVsStatic: 0.5,
  afterGrowth: 0.9,
  withStreams: 0.9,
  /** The scale phase: opens with the streams held / without, delivery p99 (ms), the server's RSS growth for them (MiB). */
  withScaleStreams: 0.9,
  /** The same with the streams spread over WEB_CONCURRENCY workers (--workers N above 1, #41). */
  withScaleStreamsOnWorkers: 0.75,
  scaleDeliveryP99Ms: 1_000,
  scaleRssGrowthMiB: 300,
  soakMemoryGrowth: 0.1,
  /** The server's RSS in MiB: idle right after start, and at the end of the soak. */
  idleRssMiB: 250,
  soakEndRssMiB: 400,
  /** HTTP opens (32 in flight) against pgbench calling open_pack (32 clients). */
  openVsPgbench: 0.5,
  /** pgbench's open_pack as the product has it against the same without any notification. */
  pgbenchProductVsQuiet: 0.8,
  /** Settling a 4-seat, 10-round battle against 10 openings, in database time. */
  battleSettleVsOpenings: 1,
  /** An upgrade staking one item against an opening, in database time (#38). */
  upgradeVsOpening: 1,
  /** Battles locked to one beacon round, all settled within this long of its publication (ms). */
  battlesSettledWithinMs: 2000,
};

// The benchmark creates rich accounts and floods the limiter: never point it at a shared service.
function localUrl(name: string, fallback: string): string {
  const value = process.env[name] || fallback;
  const host = new URL(value).hostname;
  if (!["127.0.0.1", "localhost", "[::1]", "::1"].includes(host)) {
    console.error(`[bench] ${name} must point at this machine, not ${host}`);
    process.exit(1);
  }
  return value;
}
export const postgresServerUrl = localUrl("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres");
export const redisUrl = localUrl("REDIS_URL", "redis://127.0.0.1:6379");
if (process.env.UPSTASH_REDIS_REST_URL) {
  console.error("[bench] unset UPSTASH_REDIS_REST_URL: the benchmark is loopback-only");
  process.exit(1);
}
