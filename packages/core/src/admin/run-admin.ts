import path from "node:path";
import { openDatabase } from "@prizepacks/db/client";
import { dbEnv } from "@prizepacks/db/env";
import { applyMigrations } from "@prizepacks/db/migrate";
import { AppError } from "../errors.ts";
import { runAdminCommand, type AdminFlags, type AdminOutcome } from "./commands.ts";
import { readServerHandoff } from "./handoff.ts";

export const ADMIN_ENDPOINT = "/api/internal/admin";

/**
 * Runs an admin command against the service's database: directly on PostgreSQL, or on the
 * embedded default through the running server when there is one.
 */
export async function runAdmin(command: string, givenFlags: AdminFlags): Promise<AdminOutcome> {
  // A file is named from where the CLI runs; the server it may hand the command to runs elsewhere.
  const flags = givenFlags.file ? { ...givenFlags, file: path.resolve(givenFlags.file) } : givenFlags;
  if (!dbEnv().databaseUrl) {
    const handoff = readServerHandoff();
    if (handoff) {
      const remote = await runThroughServer(handoff, command, flags);
      if (remote) return remote;
    }
  }
  // Operator waits: an audit over millions of spins may rightly take longer than a request may.
  const db = await openDatabase({ waits: "operator" });
  try {
    await applyMigrations(db.sql);
    return await runAdminCommand(db.prisma, command, flags);
  } finally {
    await db.close();
  }
}

async function runThroughServer(
  handoff: { port: number; token: string },
  command: string,
  flags: AdminFlags,
): Promise<AdminOutcome | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${handoff.port}${ADMIN_ENDPOINT}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admin-token": handoff.token },
      body: JSON.stringify({ command, flags }),
    });
  } catch {
    return null; // no server listening: the database is free to open here
  }
  const body = (await response.json().catch(() => ({}))) as { ok?: boolean; result?: Record<string, unknown>; message?: string; code?: string };
  if (response.status === 403 && body.code === "FORBIDDEN") return null; // a different server owns that port
  if (!response.ok || !body.result) {
    throw new AppError("BAD_REQUEST", body.message ?? `The server answered ${response.status}.`);
  }
  return { ok: body.ok !== false, result: body.result };
}
