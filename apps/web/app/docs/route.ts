export const dynamic = "force-static";

/**
 * Scalar's API reference, served from our own origin (scripts/copy-scalar.mjs copies its
 * browser bundle into public/), rendering the document at /api/openapi.json. Configured to stay
 * on this origin: no cloud fonts, no request proxy (the API is same-origin), no telemetry, and
 * none of the cloud features whose buttons would be dead here (the AI agent, the developer
 * toolbar's share/deploy, the separate API client). The bearer API key is preselected.
 */
const scalarConfiguration = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  proxyUrl: "",
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  documentDownloadType: "json",
  authentication: { preferredSecurityScheme: "bearerAuth" },
};

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>prizepacks API reference</title>
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <style>body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; } :root { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; } .docs-bar { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #0f1115; color: #e8eaf0; font-size: 14px; } .docs-bar a { color: #a9bcff; } .docs-bar a:focus-visible { outline: 2px solid #ffd166; outline-offset: 2px; }</style>
  </head>
  <body>
    <nav class="docs-bar" aria-label="Site"><a href="/">← Back to prizepacks</a><a href="/fairness">How fairness works</a></nav>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration="${attribute(JSON.stringify(scalarConfiguration))}"></script>
    <script src="/vendor/scalar/standalone.js"></script>
  </body>
</html>`;

export function GET() {
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}
