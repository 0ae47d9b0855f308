import { timingSafeEqual } from "node:crypto";
import { errorAsResponse } from "@prizepacks/api/http-error";
import { AppError } from "@prizepacks/core";
import { runAdminCommand, type AdminInput } from "@prizepacks/core/admin";
import { db } from "../../../../lib/database";

export const dynamic = "force-dynamic";

// The admin CLI's way in while this process holds the embedded database (see apps/admin-cli/src/handoff.ts).
// Enabled only when the start script gave this process a token.
function tokenMatches(presented: string | null): boolean {
  const expected = process.env.PRIZEPACKS_ADMIN_TOKEN;
  if (!expected || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function POST(req: Request) {
  if (!tokenMatches(req.headers.get("x-admin-token"))) {
    return errorAsResponse(new AppError("FORBIDDEN", "Forbidden."), { rest: false });
  }
  const body = (await req.json().catch(() => null)) as { command?: unknown; flags?: unknown } | null;
  if (!body || typeof body.command !== "string" || typeof body.flags !== "object" || body.flags === null) {
    return errorAsResponse(new AppError("BAD_REQUEST", "Expected { command, flags }."), { rest: false });
  }
  try {
    const outcome = await runAdminCommand(await db(), body.command, body.flags as AdminInput);
    return Response.json(outcome);
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}
