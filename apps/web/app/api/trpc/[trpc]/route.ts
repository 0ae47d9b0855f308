import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@prizepacks/api";
import { errorAsResponse } from "@prizepacks/api/http-error";
import { responseMetaFor } from "@prizepacks/api/transport";
import { AppError } from "@prizepacks/core";
import { isSameOriginMutation } from "../../../../lib/same-origin";
import { createWebContext } from "../../../../lib/web-context";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  if (!isSameOriginMutation(req)) {
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
