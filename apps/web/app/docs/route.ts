export const dynamic = "force-static";

// Scalar's API reference, served from our own origin (scripts/copy-scalar.mjs copies its
// browser bundle into public/), rendering the document at /api/openapi.json.
const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>prizepacks API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json"></script>
    <script src="/vendor/scalar/standalone.js"></script>
  </body>
</html>`;

export function GET() {
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
