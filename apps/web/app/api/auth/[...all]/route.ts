import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "@prizepacks/auth";
import { db } from "../../../../lib/database";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  return getAuth(await db()).handler(req);
}

export const { GET, POST } = toNextJsHandler(handler);
