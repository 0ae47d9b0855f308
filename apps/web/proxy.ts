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
  // A picture's URL: a plain 404 like the art route's own, not an HTML page.
  if (path.startsWith("/media/")) return NextResponse.json({ message: "No such photo.", code: "NOT_FOUND" }, { status: 404 });
  if (path.startsWith("/art/"))
    return new NextResponse("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return NextResponse.rewrite(new URL("/not-found", request.url));
}

export const config = {
  matcher: "/((?!_next/static|_next/image|images/|vendor/).*)",
};
