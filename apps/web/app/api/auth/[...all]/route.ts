import { handleAuthRequest } from "@prizepacks/auth";
import { db } from "../../../../lib/database";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  return handleAuthRequest(await db(), req);
}

export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
