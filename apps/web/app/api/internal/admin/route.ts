import { errorAsResponse } from "@prizepacks/api/http-error";
import { AppError } from "@prizepacks/core";
import { runAdminCommand, type AdminInput } from "@prizepacks/core/admin";
import { adminTokenMatches } from "../../../../lib/admin-token";
import { services } from "../../../../lib/database";

export const dynamic = "force-dynamic";

// The admin CLI's way in while this process holds the embedded database (see apps/admin-cli/src/handoff.ts).
export async function POST(req: Request) {
  if (!adminTokenMatches(req)) {
    return errorAsResponse(new AppError("FORBIDDEN", "Forbidden."), { rest: false });
  }
  const body = (await req.json().catch(() => null)) as { command?: unknown; flags?: unknown } | null;
  if (!body || typeof body.command !== "string" || typeof body.flags !== "object" || body.flags === null) {
    return errorAsResponse(new AppError("BAD_REQUEST", "Expected { command, flags }."), { rest: false });
  }
  try {
    const outcome = await runAdminCommand(await services(), body.command, body.flags as AdminInput);
    return Response.json(outcome);
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}
