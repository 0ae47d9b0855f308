import { handleRestRequest } from "@prizepacks/api/rest";
import { db } from "../../../lib/database";
import { withDecodablePath } from "../../../lib/undecodable-path";

export const dynamic = "force-dynamic";

async function handler(req: Request) {
  return handleRestRequest(withDecodablePath(req), { db: await db() });
}

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE, handler as HEAD, handler as OPTIONS };
