import { errorAsResponse } from "@prizepacks/api/http-error";
import { takeRateLimitSlot } from "@prizepacks/api/rate-limit";
import { handleAuthRequest } from "@prizepacks/auth";
import { services } from "../../../../lib/database";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  // The auth limits count in the project's one rate limiter (Redis when configured), which
  // @prizepacks/auth may not import: it is handed over here.
  try {
    return await handleAuthRequest(await services(), req, takeRateLimitSlot);
  } catch (error) {
    return errorAsResponse(error, { rest: false });
  }
}

export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
