import { describe, expect, it } from "vitest";
import { baseUrl, call, newPlayer } from "./support.ts";

// PostgreSQL cannot store NUL (and unpaired surrogates arrive as invalid UTF-8): every text
// input refuses them with a 400 that names the field, before anything reaches the database.
const unstorable = "must not contain NUL characters or unpaired surrogates";

describe("text inputs PostgreSQL cannot store", () => {
  it("are refused with 400 naming the field, in paths, query strings and bodies", async () => {
    const player = await newPlayer("10.00");
    const cases: Array<[string, string, string | undefined, string]> = [
      ["GET", "/v1/packs/a%00b", undefined, "idOrSlug"],
      ["POST", "/v1/boxes/%00/open", undefined, "idOrSlug"],
      ["GET", "/v1/history?cursor=a%00", undefined, "cursor"],
      ["GET", "/v1/history?packId=%00", undefined, "packId"],
      ["GET", "/v1/inventory?cursor=%00", undefined, "cursor"],
      ["GET", "/v1/wallet/ledger?cursor=x%00y", undefined, "cursor"],
      ["POST", "/v1/inventory/sell", '{"inventoryItemIds":["a\\u0000b"]}', "inventoryItemIds.0"],
      ["POST", "/v1/inventory/sell", '{"inventoryItemIds":["\\ud800"]}', "inventoryItemIds.0"],
      ["POST", "/v1/fairness/rotate", '{"clientSeed":"a\\u0000b"}', "clientSeed"],
    ];
    for (const [method, path, body, field] of cases) {
      const { status, json } = await call(path, {
        key: player.apiKey,
        method,
        body,
        headers: body ? { "content-type": "application/json" } : {},
      });
      expect(status, `${method} ${path}`).toBe(400);
      expect(json.code).toBe("BAD_REQUEST");
      expect(json.message, `${method} ${path}`).toMatch(new RegExp(`^${field.replace(".", "\\.")}: `));
    }
    // Nothing happened to the account.
    expect((await call("/v1/me", { key: player.apiKey })).json.balanceString).toBe("10.00");
  });

  it("are refused by the sign-up and password endpoints too (400, not better-auth's 422 or 500)", async () => {
    const post = (path: string, body: string) =>
      fetch(`${baseUrl}/api/auth/${path}`, { method: "POST", headers: { "content-type": "application/json", origin: baseUrl }, body });
    for (const [path, body, field] of [
      ["sign-up/email", '{"email":"nul@example.com","password":"password123","name":"a\\u0000b"}', "body.name"],
      ["reset-password", '{"newPassword":"password123","token":"a\\u0000b"}', "body.token"],
      ["sign-in/email", '{"email":"nul@example.com","password":"pass\\ud800word"}', "body.password"],
    ]) {
      const response = await post(path!, body!);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ code: "BAD_REQUEST", message: `${field}: ${unstorable}` });
    }
    const verify = await fetch(`${baseUrl}/api/auth/verify-email?token=a%00b`);
    expect(verify.status).toBe(400);
  });
});

describe("path parameters", () => {
  it("are percent-decoded before lookup", async () => {
    const player = await newPlayer("10.00");
    const { status, json } = await call("/v1/packs/mini%2Dgadget%2Dgrab", { key: player.apiKey });
    expect(status).toBe(200);
    expect(json.slug).toBe("mini-gadget-grab");
    expect((await call("/v1/boxes/%6Dini-gadget-grab", { key: player.apiKey })).status).toBe(200);
  });
});
