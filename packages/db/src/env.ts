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
