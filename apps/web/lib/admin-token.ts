import { timingSafeEqual } from "node:crypto";

/**
 * Whether a request to the admin CLI's way in (app/api/internal/*) carries this process's
 * token (see apps/admin-cli/src/handoff.ts). None is accepted unless the start script gave
 * this process a token.
 */
export function adminTokenMatches(req: Request): boolean {
  const expected = process.env.PRIZEPACKS_ADMIN_TOKEN;
  const presented = req.headers.get("x-admin-token");
  if (!expected || !presented) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
