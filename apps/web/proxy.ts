import { NextResponse, type NextRequest } from "next/server";
import { isDecodable } from "./lib/undecodable-path";

/**
 * Next.js answers a dynamic segment holding a broken percent-escape ("/packs/%ZZ") with a
 * bare 500 (vercel/next.js#92527), before any route runs: such paths render the not-found
 * page. Pages only: /v1 and /api/health never reach Next.js (see server.ts).
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  if (isDecodable(path)) return NextResponse.next();
  return NextResponse.rewrite(new URL("/not-found", request.url));
}

export const config = {
  matcher: "/((?!_next/static|_next/image|images/|vendor/).*)",
};
