import type { RequestHeaders } from "./context.ts";

/** The key a REST request presents: Authorization: Bearer <key> (recommended) or X-Api-Key: <key>. */
export function presentedApiKey(headers: RequestHeaders): string | undefined {
  const authorization = headers.get("authorization")?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? match[1] : authorization; // a non-Bearer value is checked (and refused) as malformed
  }
  return headers.get("x-api-key")?.trim() || undefined;
}
