import { openDatabase } from "@prizepacks/db/client";
import { dbEnv } from "@prizepacks/db/env";
import { applyMigrations } from "@prizepacks/db/migrate";
import { openServices } from "@prizepacks/core/server";
import { runAdminCommand, type AdminInput, type AdminOutcome } from "@prizepacks/core/admin";
import { readServerHandoff } from "./handoff.ts";

/** The running server's way in for the CLI (apps/web/app/api/internal/admin/route.ts). */
export const ADMIN_ENDPOINT = "/api/internal/admin";

/**
 * Runs an admin command against the service's database: directly on PostgreSQL, or on the
 * embedded default through the running server when there is one.
 */
export async function runAdmin(command: string, input: AdminInput): Promise<AdminOutcome> {
  if (!dbEnv().databaseUrl) {
    const handoff = readServerHandoff();
    if (handoff) {
      const remote = await runThroughServer(handoff, command, input);
      if (remote) return remote;
    }
  }
  // Operator waits: an audit over millions of spins may rightly take longer than a request may.
  const db = await openDatabase({ waits: "operator" });
  try {
    await applyMigrations(db.sql);
    return await runAdminCommand(await openServices(db), command, input);
  } finally {
    await db.close();
  }
}

async function runThroughServer(
  handoff: { port: number; token: string },
  command: string,
  input: AdminInput,
): Promise<AdminOutcome | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${handoff.port}${ADMIN_ENDPOINT}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-admin-token": handoff.token },
      body: JSON.stringify({ command, flags: input }),
    });
  } catch {
    return null; // no server listening: the database is free to open here
  }
  const body = (await response.json().catch(() => ({}))) as {
    ok?: boolean;
    result?: Record<string, unknown>;
    message?: string;
    code?: string;
  };
  if (response.status === 403 && body.code === "FORBIDDEN") return null; // a different server owns that port
  if (!response.ok || !body.result) {
    throw new Error(body.message ?? `The server answered ${response.status}.`);
  }
  return { ok: body.ok !== false, result: body.result };
}
