import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter, createContext } from "@prizepacks/api";
import { db } from "../../../../lib/database";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  const prisma = await db();
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: () => createContext({ source: "web", db: prisma, headers: req.headers }),
    responseMeta: ({ ctx }) => ({ headers: ctx?.responseHeaders ?? {} }),
  });
}

export { handler as GET, handler as POST };
