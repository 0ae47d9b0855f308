import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@prizepacks/api";
import { errorAsResponse } from "@prizepacks/api/http-error";
import { responseMetaFor } from "@prizepacks/api/transport";
import { trustedOrigins } from "@prizepacks/auth";
import { AppError } from "@prizepacks/core";
import { createWebContext } from "../../../../lib/web-context";

export const dynamic = "force-dynamic";

/**
 * CSRF: the session cookie is SameSite=Lax, and on top of that a mutation must come from a
 * page of ours. Browsers always send Origin on POST, so a missing or foreign one is refused.
 */
function isSameOriginPost(req: Request): boolean {
  if (req.method !== "POST") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  return origin === new URL(req.url).origin || trustedOrigins().includes(origin);
}

async function handler(req: Request) {
  if (!isSameOriginPost(req)) {
    return errorAsResponse(new AppError("FORBIDDEN", "Cross-site request refused."), { rest: false });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createWebContext(req.headers),
    responseMeta: responseMetaFor,
  });
}

export { handler as GET, handler as POST };
