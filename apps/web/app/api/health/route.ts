import { getDatabase } from "@prizepacks/db";
import { rateLimitStore } from "@prizepacks/api/rest";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const database = await getDatabase();
    await database.sql.query("SELECT 1 AS ok");
    return Response.json({ status: "ok", database: database.kind, rateLimitStore: rateLimitStore() });
  } catch (error) {
    console.error("[health]", error);
    return Response.json({ status: "error", message: "Database unavailable." }, { status: 503 });
  }
}
