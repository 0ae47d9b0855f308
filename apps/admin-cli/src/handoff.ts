import { readFileSync } from "node:fs";
import path from "node:path";
import { dataFolder, dbEnv } from "@prizepacks/db/env";

/**
 * The embedded database (PGlite) can be open in one process only. While the server runs,
 * the admin CLI hands its command to the server instead, through a loopback-only endpoint
 * guarded by a random token that only this machine's data folder holds. scripts/start.mjs
 * writes the file; this reads it.
 */
export interface ServerHandoff {
  port: number;
  token: string;
  pid: number;
}

const handoffPath = () => path.join(dbEnv().dataDir, dataFolder.serverHandoff);

export function readServerHandoff(): ServerHandoff | null {
  try {
    return JSON.parse(readFileSync(handoffPath(), "utf8")) as ServerHandoff;
  } catch {
    return null;
  }
}
