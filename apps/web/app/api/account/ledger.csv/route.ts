import { errorAsResponse } from "@prizepacks/api/http-error";
import { findActingUserId } from "@prizepacks/auth";
import { AppError, exportLedgerCsv } from "@prizepacks/core";
import { services } from "../../../../lib/database";

export const dynamic = "force-dynamic";

/**
 * The signed-in account's ledger for whole UTC days, `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both
 * included), as a CSV download (the Statements page's "Download CSV"). A bad range is a 400
 * JSON error with its message, like every error.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const opened = await services();
    const userId = await findActingUserId(opened, request.headers);
    if (!userId) throw new AppError("UNAUTHORIZED", "Sign in to download your statement.");
    const query = new URL(request.url).searchParams;
    const { filename, csv } = await exportLedgerCsv(opened, userId, { from: query.get("from") ?? "", to: query.get("to") ?? "" });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}
