import path from "node:path";
import { hasEmbeddedDatabase, readBackupFile, readDataFolderSecrets, restoreEmbeddedBackup, writeBackupFile } from "@prizepacks/db/backup";
import { openDatabase } from "@prizepacks/db/client";
import { dbEnv } from "@prizepacks/db/env";
import { readServerHandoff, type ServerHandoff } from "./handoff.ts";

/** The running server's way in for a backup (apps/web/app/api/internal/backup/route.ts). */
export const BACKUP_ENDPOINT = "/api/internal/backup";

/** On PostgreSQL the database is the operator's to copy, with PostgreSQL's own tools. */
function refuseOnPostgres(command: "backup" | "restore"): void {
  if (!dbEnv().databaseUrl) return;
  const tool = command === "backup" ? 'pg_dump -Fc -f prizepacks.dump "$DATABASE_URL" (or pg_basebackup)' : "pg_restore";
  throw new Error(
    `${command} copies the embedded database; DATABASE_URL is set, so use ${tool} and keep the data folder's secrets (docs/operations.md, "Backups and restore").`,
  );
}

/**
 * `backup --file F`: the embedded database and the data folder's secrets, as of one instant.
 * With a server running on the data folder it holds the database, so it takes the copy
 * between two of its statements; without one the database is opened here.
 */
export async function backupEmbedded(file: string): Promise<Record<string, unknown>> {
  refuseOnPostgres("backup");
  const { dataDir } = dbEnv();
  const handoff = readServerHandoff();
  const fromServer = handoff ? await dumpThroughServer(handoff) : null;
  let database = fromServer;
  if (!database) {
    if (!hasEmbeddedDatabase(dataDir)) throw new Error(`No embedded database in ${dataDir}: nothing to back up.`);
    const db = await openDatabase({ waits: "operator" });
    try {
      database = await db.dumpDataDir!();
    } finally {
      await db.close();
    }
  }
  const target = path.resolve(file);
  const secrets = readDataFolderSecrets(dataDir);
  const bytes = writeBackupFile(target, { createdAt: new Date().toISOString(), secrets, database });
  return { file: target, bytes, takenBy: fromServer ? "running server" : "admin CLI", secrets: Object.keys(secrets) };
}

/**
 * `restore --file F`: the backup in place of the data folder's database and secrets. Refused
 * while a server runs on the folder (it holds the database open and would write over the
 * restored copy), and for a file that is not a backup, before anything is touched.
 */
export async function restoreEmbedded(file: string): Promise<Record<string, unknown>> {
  refuseOnPostgres("restore");
  const source = path.resolve(file);
  const backup = readBackupFile(source);
  const handoff = readServerHandoff();
  if (handoff && processRuns(handoff.pid)) {
    throw new Error(`A server is running on this data folder (pid ${handoff.pid}, port ${handoff.port}): stop it, then restore.`);
  }
  const { previous } = await restoreEmbeddedBackup(dbEnv().dataDir, backup);
  return { restored: source, createdAt: backup.createdAt, previous };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function dumpThroughServer(handoff: ServerHandoff): Promise<Uint8Array | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${handoff.port}${BACKUP_ENDPOINT}`, {
      method: "POST",
      headers: { "x-admin-token": handoff.token },
    });
  } catch {
    return null; // no server listening: the database is free to open here
  }
  if (response.ok) return new Uint8Array(await response.arrayBuffer());
  const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
  if (response.status === 403 && body.code === "FORBIDDEN") return null; // a different server owns that port
  throw new Error(body.message ?? `The server answered ${response.status}.`);
}
