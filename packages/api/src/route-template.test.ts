import { describe, expect, it } from "vitest";
import { createRouteTemplate } from "./route-template.ts";

describe("route templates", () => {
  // As Next.js writes them in .next/routes-manifest.json.
  const template = createRouteTemplate({
    nextRoutes: [
      { page: "/", regex: "^/(?:/)?$" },
      { page: "/packs/[slug]", regex: "^/packs/([^/]+?)(?:/)?$" },
      { page: "/api/trpc/[trpc]", regex: "^/api/trpc/([^/]+?)(?:/)?$" },
    ],
  });

  it("names a /v1 request by its OpenAPI path, by method, whatever the parameters", () => {
    expect(template("POST", "/v1/packs/mini-gadget-grab/open")).toBe("/v1/packs/{idOrSlug}/open");
    expect(template("POST", "/v1/boxes/01JABCDEF/open")).toBe("/v1/boxes/{idOrSlug}/open");
    expect(template("GET", "/v1/packs/mini-gadget-grab")).toBe("/v1/packs/{idOrSlug}");
    expect(template("GET", "/v1/wallet/ledger")).toBe("/v1/wallet/ledger");
    expect(template("HEAD", "/v1/me")).toBe("/v1/me");
    expect(template("GET", "/v1/events")).toBe("/v1/events");
    expect(template("GET", "/v1/drops")).toBe("/v1/drops");
  });

  it("keeps unknown paths out of the label: /v1/* and *", () => {
    expect(template("GET", "/v1/no/such/thing")).toBe("/v1/*");
    expect(template("DELETE", "/v1/packs/x/open")).toBe("/v1/*");
    expect(template("GET", "/wp-login.php")).toBe("*");
  });

  it("names a page by Next.js's template, and the server's own routes and assets by theirs", () => {
    expect(template("GET", "/")).toBe("/");
    expect(template("GET", "/packs/mini-gadget-grab")).toBe("/packs/[slug]");
    expect(template("POST", "/api/trpc/me.get,wallet.get")).toBe("/api/trpc/[trpc]");
    expect(template("GET", "/api/health")).toBe("/api/health");
    expect(template("GET", "/api/ready")).toBe("/api/ready");
    expect(template("GET", "/_next/static/chunks/abc.js")).toBe("/_next/*");
  });
});
