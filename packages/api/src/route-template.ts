import { readFileSync } from "node:fs";
import path from "node:path";
import type { OpenApiMeta } from "trpc-to-openapi";
import { appRouter } from "./root.ts";

/**
 * The route a request asked for, as a template: `/v1/packs/{idOrSlug}/open` (the OpenAPI path),
 * `/packs/[slug]` (the Next.js page), never the path itself. The metrics' `route` label and the
 * request log line's `route` both come from here, so their number stays bounded whatever
 * clients send: an unknown /v1 path is `/v1/*`, anything else unknown `*`.
 */
export type RouteTemplate = (method: string, path: string) => string;

/** A page or route handler of the Next.js app as its routes manifest lists it. */
export interface NextRoute {
  page: string;
  regex: string;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
}

// Served by streams/ rather than by a procedure, so not in the router's meta.
const STREAM_OPERATIONS = [
  { method: "GET", path: "/v1/events" },
  { method: "GET", path: "/v1/drops" },
  { method: "GET", path: "/v1/battles/lobby" },
];

// Served by apps/web/server.ts itself, before Next.js.
const SERVER_ROUTES = new Set(["/api/health", "/api/ready", "/metrics"]);

export function createRouteTemplate({ nextRoutes = [] }: { nextRoutes?: NextRoute[] } = {}): RouteTemplate {
  const rest = restRoutes();
  const pages = nextRoutes.map((route) => ({ template: route.page, pattern: new RegExp(route.regex) }));
  return (method, requestPath) => {
    if (requestPath === "/v1" || requestPath.startsWith("/v1/")) {
      // HEAD is answered as GET (rest.ts).
      const asked = method === "HEAD" ? "GET" : method;
      return rest.find((route) => route.method === asked && route.pattern.test(requestPath))?.template ?? "/v1/*";
    }
    if (SERVER_ROUTES.has(requestPath)) return requestPath;
    if (requestPath.startsWith("/_next/")) return "/_next/*";
    return pages.find((page) => page.pattern.test(requestPath))?.template ?? "*";
  };
}

/** Every /v1 operation of the OpenAPI document, literal paths before templated ones. */
function restRoutes(): Route[] {
  const procedures = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: OpenApiMeta } }>);
  const operations = procedures.flatMap(({ _def }) => (_def.meta?.openapi ? [_def.meta.openapi] : []));
  return [...operations, ...STREAM_OPERATIONS]
    .map(({ method, path: template }) => ({
      method,
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`),
    }))
    .sort((a, b) => paramCount(a.template) - paramCount(b.template));
}

const paramCount = (template: string) => template.split("{").length - 1;

/**
 * The pages and route handlers of the built Next.js app in `appDir` (its routes manifest),
 * with the regex Next.js itself matches them by; none before a build.
 */
export function readNextRoutes(appDir: string): NextRoute[] {
  let manifest: { staticRoutes?: NextRoute[]; dynamicRoutes?: NextRoute[] };
  try {
    manifest = JSON.parse(readFileSync(path.join(appDir, ".next", "routes-manifest.json"), "utf8")) as typeof manifest;
  } catch {
    return [];
  }
  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map(({ page, regex }) => ({ page, regex }));
}
