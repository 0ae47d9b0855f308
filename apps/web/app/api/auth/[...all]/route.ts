import { takeRateLimitSlot } from "@prizepacks/api/rate-limit";
import { handleAuthRequest } from "@prizepacks/auth";
import { db } from "../../../../lib/database";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  // The auth limits count in the project's one rate limiter (Redis when configured), which
  // @prizepacks/auth may not import: it is handed over here.
  return handleAuthRequest(await db(), req, takeRateLimitSlot);
}

export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
