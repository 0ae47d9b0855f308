/**
 * Where proxy.ts sends /v1 requests whose path cannot be percent-decoded, and the header
 * keeping that path. A static route: Next.js decodes a dynamic route's params from the
 * original URL even after a rewrite, and fails the same way.
 */
export const UNDECODABLE_REST_PATH = "/api/rest-undecodable-path";
export const UNDECODABLE_PATH_HEADER = "x-prizepacks-undecodable-path";

/**
 * The request as the REST facade should see it: a path that failed to decode gets its stray
 * percent signs escaped, so its segments reach the procedures as the literal text sent.
 */
export function withDecodablePath(req: Request): Request {
  const url = new URL(req.url);
  const original = req.headers.get(UNDECODABLE_PATH_HEADER);
  if (url.pathname !== UNDECODABLE_REST_PATH || !original?.startsWith("/v1/")) return req;
  url.pathname = original
    .split("/")
    .map((segment) => (isDecodable(segment) ? segment : segment.replaceAll("%", "%25")))
    .join("/");
  const headers = new Headers(req.headers);
  headers.delete(UNDECODABLE_PATH_HEADER);
  return new Request(url, { method: req.method, headers, body: req.body, duplex: "half", signal: req.signal } as RequestInit);
}

export function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
