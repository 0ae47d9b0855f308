import { buildOpenApiDocument } from "@prizepacks/api/openapi";
import { appBaseUrl, authEnv } from "@prizepacks/auth/env";

export const dynamic = "force-dynamic";

const documents = new Map<string, string>();
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The server the document names: the public URL when one is configured (BETTER_AUTH_URL), else
 * the host this request reached, so a bot on another machine of a demo gets a URL that works
 * for it (not the server's own localhost).
 */
function serverUrlFor(req: Request): string {
  if (authEnv().BETTER_AUTH_URL) return appBaseUrl();
  const host = req.headers.get("host");
  if (!host || !HOST.test(host)) return appBaseUrl();
  return `${new URL(req.url).protocol}//${host}`;
}

export function GET(req: Request) {
  const baseUrl = serverUrlFor(req);
  let body = documents.get(baseUrl);
  if (body === undefined) {
    body = JSON.stringify(buildOpenApiDocument({ baseUrl }));
    // A handful of names reach a demo (localhost, 127.0.0.1, a LAN address): keep those, not every Host sent.
    if (documents.size < 8) documents.set(baseUrl, body);
  }
  return new Response(body, { headers: { "content-type": "application/json", "cache-control": "no-cache", vary: "host" } });
}
