import { trustedOrigins } from "@prizepacks/auth";

/**
 * CSRF: the session cookie is SameSite=Lax, and on top of that a request that changes something
 * must come from a page of ours. Browsers always send Origin on POST, PUT and DELETE, so a
 * missing or foreign one is refused.
 */
export function isSameOriginMutation(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  const origin = req.headers.get("origin");
  if (!origin) return false;
  return origin === new URL(req.url).origin || trustedOrigins().includes(origin);
}
