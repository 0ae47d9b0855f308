import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const schema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL")
    .optional(),
  /** Where local state lives (embedded database, demo key, CLI hand-off). Default: <repo>/.data */
  PRIZEPACKS_DATA_DIR: z.string().min(1).optional(),
  /** PostgreSQL connections per app instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
});

function findRepoRoot(from: string): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, "turbo.json")) && existsSync(path.join(dir, "prisma"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
}

/**
 * What the data folder (PRIZEPACKS_DATA_DIR) holds, each under one name: the embedded
 * database, the secrets kept beside it (both wanted in a backup), and the running server's
 * hand-off for the admin CLI (not: it names a process).
 */
export const dataFolder = {
  /** PGlite's data directory: the embedded database. */
  pglite: "pglite",
  /** Signs session cookies when BETTER_AUTH_SECRET is not set: lost, every session ends. */
  authSecret: "auth-secret",
  /** The demo account's API key (demo mode), printed at every start. */
  demoApiKey: "demo-api-key",
  /**
   * The local randomness beacon's BLS secret key and genesis time (BATTLE_BEACON=local): lost,
   * battles locked to its rounds can no longer settle.
   */
  localBeaconKey: "local-beacon-key.json",
  /**
   * The transparency log's Ed25519 key (when TRANSPARENCY_LOG_KEY is not set): lost, heads can
   * no longer be signed with the key monitors know (docs/transparency.md, key rotation).
   */
  transparencyLogKey: "transparency-log-key",
  /**
   * The log's next key, made by `rotate-log-key` (when TRANSPARENCY_LOG_NEXT_KEY is not set): it
   * signs every head after the one announcing it.
   */
  transparencyLogNextKey: "transparency-log-key.next",
  /** Item photos' WebP files when no S3 storage is configured (core's folder-photo-store.ts). */
  itemPhotos: "item-photos",
  /** Port, token and pid of the server holding the embedded database (scripts/start.mjs). */
  serverHandoff: "server.json",
} as const;

/** The data folder's secrets, by file name: what a backup of the embedded default carries besides the database. */
export const dataFolderSecrets = [
  dataFolder.authSecret,
  dataFolder.demoApiKey,
  dataFolder.localBeaconKey,
  dataFolder.transparencyLogKey,
  dataFolder.transparencyLogNextKey,
] as const;

export interface DbEnv {
  databaseUrl: string | undefined;
  poolSize: number;
  repoRoot: string;
  dataDir: string;
  migrationsDir: string;
}

let cached: DbEnv | undefined;

export function dbEnv(): DbEnv {
  if (cached) return cached;
  const parsed = schema.safeParse({
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    PRIZEPACKS_DATA_DIR: process.env.PRIZEPACKS_DATA_DIR || undefined,
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE || undefined,
  });
  if (!parsed.success) {
    throw new Error(`Invalid database environment: ${z.prettifyError(parsed.error)}`);
  }
  const repoRoot = findRepoRoot(process.cwd());
  cached = {
    databaseUrl: parsed.data.DATABASE_URL,
    poolSize: parsed.data.DATABASE_POOL_SIZE,
    repoRoot,
    dataDir: path.resolve(parsed.data.PRIZEPACKS_DATA_DIR ?? path.join(repoRoot, ".data")),
    migrationsDir: path.join(repoRoot, "prisma", "migrations"),
  };
  return cached;
}

const logSchema = z.object({
  /** The least severe level written; "silent" writes nothing. */
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: 'LOG_LEVEL must be one of "fatal", "error", "warn", "info", "debug", "trace", "silent"',
    })
    .default("info"),
  /** JSON lines, or human-readable ones; unset: readable in demo mode (someone at a terminal), JSON otherwise. */
  LOG_FORMAT: z.enum(["json", "pretty"], { error: 'LOG_FORMAT must be "json" or "pretty"' }).optional(),
});

export type LogEnv = z.infer<typeof logSchema>;

let cachedLog: LogEnv | undefined;

export function logEnv(): LogEnv {
  if (cachedLog) return cachedLog;
  const parsed = logSchema.safeParse({
    LOG_LEVEL: process.env.LOG_LEVEL || undefined,
    LOG_FORMAT: process.env.LOG_FORMAT || undefined,
  });
  if (!parsed.success) throw new Error(`Invalid log environment: ${z.prettifyError(parsed.error)}`);
  cachedLog = parsed.data;
  return cachedLog;
}
