import { buildOpenApiDocument } from "@prizepacks/api/openapi";

export const dynamic = "force-dynamic";

let cached: { baseUrl: string; body: string } | undefined;

export function GET(req: Request) {
  const baseUrl = new URL(req.url).origin;
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, body: JSON.stringify(buildOpenApiDocument({ baseUrl })) };
  return new Response(cached.body, { headers: { "content-type": "application/json", "cache-control": "no-cache" } });
}
