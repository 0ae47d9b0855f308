import { NextResponse, type NextRequest } from "next/server";
import { isDecodable, UNDECODABLE_PATH_HEADER, UNDECODABLE_REST_PATH } from "./lib/undecodable-path";

/**
 * Next.js answers a dynamic segment holding a broken percent-escape ("/v1/packs/%ZZ") with a
 * bare 500 (vercel/next.js#92527), before any route runs. Such requests are rerouted: under
 * /v1 to the REST facade with the original path in a header, so they meet the usual checks
 * (401 before 404); elsewhere to a path that renders the not-found page.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (isDecodable(path)) return NextResponse.next();
  if (path.startsWith("/v1/")) {
    const headers = new Headers(request.headers);
    headers.set(UNDECODABLE_PATH_HEADER, path);
    return NextResponse.rewrite(new URL(UNDECODABLE_REST_PATH, request.url), { request: { headers } });
  }
  return NextResponse.rewrite(new URL("/not-found", request.url));
}

export const config = {
  matcher: "/((?!_next/static|_next/image|images/|vendor/).*)",
};
