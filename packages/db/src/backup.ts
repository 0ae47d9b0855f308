import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { z } from "zod";
import { dataFolder, dataFolderSecrets } from "./env.ts";

/**
 * A backup of the embedded default: the PGlite data directory (a gzipped tar, as PGlite dumps
 * and loads it) and the data folder's secrets, in one JSON file. JSON because the file is
 * small at the embedded database's scale, can be told apart from anything else at once, and
 * needs no archive format of our own; it holds secrets, so it is written readable by its owner only.
 */
const FORMAT = "prizepacks-embedded-backup";

const backupFileSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  secrets: z.partialRecord(z.enum(dataFolderSecrets), z.string()),
  database: z.base64().min(1),
});

export interface EmbeddedBackup {
  createdAt: string;
  /** Secret files of the data folder, by name, as they were. */
  secrets: Partial<Record<(typeof dataFolderSecrets)[number], string>>;
  /** PGlite's dump of its data directory (gzipped tar). */
  database: Uint8Array;
}

/** A file named as a backup that is not one: the restore stops before touching anything. */
export class NotABackupError extends Error {}

/** The secrets of the data folder that exist there, to go into a backup beside the database. */
export function readDataFolderSecrets(dataDir: string): EmbeddedBackup["secrets"] {
  const secrets: EmbeddedBackup["secrets"] = {};
  for (const name of dataFolderSecrets) {
    const file = path.join(dataDir, name);
    if (existsSync(file)) secrets[name] = readFileSync(file, "utf8");
  }
  return secrets;
}

/** Writes the backup to `file`, replacing it at once (written aside, then renamed). */
export function writeBackupFile(file: string, backup: EmbeddedBackup): number {
  const text = JSON.stringify({
    format: FORMAT,
    version: 1,
    createdAt: backup.createdAt,
    secrets: backup.secrets,
    database: Buffer.from(backup.database).toString("base64"),
  });
  mkdirSync(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, text, { mode: 0o600 });
  renameSync(aside, file);
  return Buffer.byteLength(text);
}

export function readBackupFile(file: string): EmbeddedBackup {
  const notABackup = (why: string) =>
    new NotABackupError(`${file} is not a prizepacks backup (${why}); make one with: npm run admin -- backup --file <path>`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new NotABackupError(`${file} does not exist.`);
    throw notABackup("not JSON");
  }
  if ((parsed as { format?: unknown } | null)?.format !== FORMAT) throw notABackup(`no "format": "${FORMAT}"`);
  const backup = backupFileSchema.safeParse(parsed);
  if (!backup.success) {
    const issues = backup.error.issues.map((issue) => `${issue.path.join(".") || "file"}: ${issue.message}`);
    throw notABackup(`damaged: ${issues.join("; ")}`);
  }
  return { createdAt: backup.data.createdAt, secrets: backup.data.secrets, database: Buffer.from(backup.data.database, "base64") };
}

/** Whether the data folder holds an embedded database (PGlite would create an empty one otherwise). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, dataFolder.pglite, "PG_VERSION"));
}

/**
 * Puts the backup in place of the data folder's database and secrets. Nothing must have the
 * database open. The copy is loaded and opened beside the current one first, so a damaged
 * dump leaves everything as it was; the database it replaces is kept aside, its folder returned.
 */
export async function restoreEmbeddedBackup(dataDir: string, backup: EmbeddedBackup): Promise<{ previous: string | null }> {
  const target = path.join(dataDir, dataFolder.pglite);
  const staging = `${target}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    const restored = await PGlite.create(staging, { loadDataDir: new Blob([new Uint8Array(backup.database)]) });
    try {
      await restored.query("SELECT 1");
    } finally {
      await restored.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new NotABackupError(`The backup's database does not open: ${(error as Error).message}`);
  }

  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(target, previous);
  }
  renameSync(staging, target);
  for (const [name, content] of Object.entries(backup.secrets)) {
    writeFileSync(path.join(dataDir, name), content, { mode: 0o600 });
  }
  return { previous };
}
