import { errorAsResponse } from "@prizepacks/api/http-error";
import { exportDueDiligenceCsv } from "@prizepacks/core";
import { adminActorOrThrow } from "../../../../../lib/admin-request";
import { services } from "../../../../../lib/database";

export const dynamic = "force-dynamic";

/**
 * GET /api/admin/reports/due-diligence.csv?month=YYYY-MM: the regulator's monthly report of
 * identity checks and operators' requests (exportDueDiligenceCsv), for admins only, refused in
 * adminProcedure's order; a bad month is a 400 JSON error with its message. The current month
 * when left out.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    await adminActorOrThrow(request);
    const month = new URL(request.url).searchParams.get("month") ?? undefined;
    const { filename, csv } = await exportDueDiligenceCsv(await services(), { month });
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
