import { errorAsResponse } from "@prizepacks/api/http-error";
import { AppError } from "@prizepacks/core";
import { adminTokenMatches } from "../../../../lib/admin-token";
import { database } from "../../../../lib/database";

export const dynamic = "force-dynamic";

// `npm run admin -- backup` while this process holds the embedded database: a consistent copy
// of it (Database.dumpDataDir), taken between two statements of the running service. The CLI
// adds the data folder's secrets and writes the file.
export async function POST(req: Request) {
  if (!adminTokenMatches(req)) return errorAsResponse(new AppError("FORBIDDEN", "Forbidden."), { rest: false });
  try {
    const current = await database();
    if (!current.dumpDataDir)
      throw new AppError("CONFLICT", "This server runs on PostgreSQL: back it up with pg_dump (docs/operations.md).");
    return new Response(Buffer.from(await current.dumpDataDir()), {
      headers: { "content-type": "application/gzip", "cache-control": "no-store" },
    });
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}
