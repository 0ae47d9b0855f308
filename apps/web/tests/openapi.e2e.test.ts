import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { baseUrl, call, newPlayer } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../../..");

async function getDocument() {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  expect(response.status).toBe(200);
  return response.json();
}

describe("GET /api/openapi.json", () => {
  it("documents every route under both families with both auth schemes and error responses", async () => {
    const doc = await getDocument();
    expect(doc.openapi).toMatch(/^3\./);
    for (const family of ["packs", "boxes"]) {
      expect(doc.paths[`/v1/${family}`].get).toBeDefined();
      expect(doc.paths[`/v1/${family}/{idOrSlug}`].get).toBeDefined();
      const open = doc.paths[`/v1/${family}/{idOrSlug}/open`].post;
      expect(open.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
      for (const status of ["400", "401", "403", "404", "409", "429"]) {
        expect(open.responses[status].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
        expect(open.responses[status].content["application/json"].example.code).toBeDefined();
      }
      expect(open.responses["429"].headers["Retry-After"]).toBeDefined();
      expect(open.parameters.some((p: { name: string; in: string }) => p.name === "Idempotency-Key" && p.in === "header")).toBe(true);
    }
    for (const path of ["/v1/me", "/v1/me/statements", "/v1/fairness", "/v1/fairness/rotate"]) expect(doc.paths[path]).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(doc.components.schemas.Error.properties.message).toBeDefined();
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "prizepacks-openapi-"));
    try {
      const file = path.join(folder, "openapi.json");
      await writeFile(file, await (await fetch(`${baseUrl}/api/openapi.json`)).text());
      // Offline: no telemetry, no update check.
      const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" };
      const { stdout } = await promisify(execFile)(
        path.join(root, "node_modules/.bin/redocly"),
        ["lint", file, `--config=${path.join(root, "redocly.yaml")}`, "--format=json"],
        { env, cwd: folder },
      ).catch((failure: { stdout?: string; stderr?: string }) => {
        throw new Error(`redocly lint failed:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
      });
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string }>;
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("passes Spectral's spectral:oas rules without a problem of any severity", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "prizepacks-openapi-"));
    try {
      const file = path.join(folder, "openapi.json");
      await writeFile(file, await (await fetch(`${baseUrl}/api/openapi.json`)).text());
      // Exits 0 on warnings: the JSON report says what was found (--quiet: nothing but the report on stdout).
      const { stdout } = await promisify(execFile)(
        path.join(root, "node_modules/.bin/spectral"),
        ["lint", file, "-r", path.join(root, ".spectral.yaml"), "--format", "json", "--quiet"],
        { cwd: folder },
      ).catch((failure: { stdout?: string; stderr?: string }) => {
        throw new Error(`spectral lint failed:\n${failure.stdout ?? ""}${failure.stderr ?? ""}`);
      });
      const problems = JSON.parse(stdout) as Array<{ code: string; message: string; path: string[] }>;
      expect(problems.map((p) => `${p.code}: ${p.message} (${p.path.join(".")})`)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("names the host that served it as the server", async () => {
    expect((await getDocument()).servers).toEqual([{ url: baseUrl }]);
  });

  it("challenges a REST call without a valid key with WWW-Authenticate, as documented", async () => {
    const doc = await getDocument();
    expect(doc.paths["/v1/me"].get.responses["401"].headers["WWW-Authenticate"]).toBeDefined();
    for (const key of [undefined, "pp_live_nope"]) {
      const { status, headers } = await call("/v1/me", { key });
      expect(status).toBe(401);
      expect(headers.get("www-authenticate")).toBe('Bearer realm="prizepacks"');
    }
  });

  it("describes what the server really answers: each live response matches its documented schema", async () => {
    const doc = await getDocument();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const id = `${baseUrl}/api/openapi.json`;
    ajv.addSchema({ $id: id, components: doc.components });
    const check = async (method: string, documented: string, actual: string, key: string | undefined, body?: unknown) => {
      const { status, json } = await call(actual, { key, method, ...(body !== undefined && { body: JSON.stringify(body) }) });
      const response = doc.paths[documented][method.toLowerCase()].responses[String(status)];
      expect(response, `${method} ${actual} answered ${status}, which is not documented`).toBeDefined();
      const schema = JSON.parse(
        JSON.stringify(response.content["application/json"].schema).replaceAll('"#/components/', `"${id}#/components/`),
      );
      const validate = ajv.compile(schema);
      expect(validate(json) ? [] : validate.errors, `${method} ${actual} ${status}`).toEqual([]);
      return json;
    };
    const player = await newPlayer("40.00");
    const packs = await check("GET", "/v1/packs", "/v1/packs", player.apiKey);
    await check("GET", "/v1/boxes/{idOrSlug}", `/v1/boxes/${packs[0].slug}`, player.apiKey);
    const opened = await check("POST", "/v1/packs/{idOrSlug}/open", `/v1/packs/${packs[0].slug}/open`, player.apiKey);
    await check("GET", "/v1/me", "/v1/me", player.apiKey);
    await check("GET", "/v1/fairness", "/v1/fairness", player.apiKey);
    await check("GET", "/v1/inventory", "/v1/inventory", player.apiKey);
    await check("POST", "/v1/inventory/sell", "/v1/inventory/sell", player.apiKey, { inventoryItemIds: [opened.inventoryItem.id] });
    await check("POST", "/v1/fairness/rotate", "/v1/fairness/rotate", player.apiKey);
    await check("GET", "/v1/history", "/v1/history", player.apiKey);
    await check("GET", "/v1/history/summary", "/v1/history/summary", player.apiKey);
    await check("GET", "/v1/wallet", "/v1/wallet", player.apiKey);
    await check("GET", "/v1/wallet/ledger", "/v1/wallet/ledger", player.apiKey);
    const statement = await check("GET", "/v1/me/statements", "/v1/me/statements", player.apiKey);
    // The 40.00 the player starts with is an operator's credit (user:create --balance): an adjustment.
    expect(statement).toMatchObject({ openings: 1, deposits: "0.00", adjustments: "40.00", withdrawals: "0.00" });
    await check("GET", "/v1/me/statements", "/v1/me/statements?month=2026-13", player.apiKey);
    await check("GET", "/v1/me/verification", "/v1/me/verification", player.apiKey);
    await check("GET", "/v1/me/prompts", "/v1/me/prompts", player.apiKey);
    await check("POST", "/v1/me/safer-play/acknowledgement", "/v1/me/safer-play/acknowledgement", player.apiKey);
    await check("POST", "/v1/me/prompts/deposit-limit", "/v1/me/prompts/deposit-limit", player.apiKey, { answer: "later" });
    await check("POST", "/v1/me/prompts/deposit-limit", "/v1/me/prompts/deposit-limit", player.apiKey, { answer: "skipped" });
    // Demo mode: a demo deposit, 201 and settled at once.
    const deposit = await check("POST", "/v1/deposits", "/v1/deposits", player.apiKey, { amount: "10.00" });
    await check("GET", "/v1/deposits", "/v1/deposits", player.apiKey);
    await check("GET", "/v1/deposits/{id}", `/v1/deposits/${deposit.id}`, player.apiKey);
    await check("POST", "/v1/deposits", "/v1/deposits", player.apiKey, { amount: "0.01" });
    // Errors too: 401, 404, 400 (with issues), 409.
    await check("GET", "/v1/me", "/v1/me", "pp_live_nope");
    await check("GET", "/v1/packs/{idOrSlug}", "/v1/packs/no-such-pack", player.apiKey);
    await check("GET", "/v1/inventory", "/v1/inventory?limit=1000", player.apiKey);
    await check("POST", "/v1/inventory/sell", "/v1/inventory/sell", player.apiKey, { inventoryItemIds: [opened.inventoryItem.id] });
  });

  it("is enough for a bot to list, open and verify", async () => {
    const doc = await getDocument();
    const player = await newPlayer("100.00");
    const byOperation = new Map<string, { method: string; path: string }>();
    for (const [path, item] of Object.entries<Record<string, { operationId: string }>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) byOperation.set(op.operationId, { method: method.toUpperCase(), path });
    }
    const list = byOperation.get("packs-list")!;
    const packs = (await call(list.path, { key: player.apiKey, method: list.method })).json;
    const open = byOperation.get("packs-open")!;
    const opened = await call(open.path.replace("{idOrSlug}", packs[0].slug), { key: player.apiKey, method: open.method });
    expect(opened.status).toBe(200);
    const rotate = byOperation.get("fairness-rotate")!;
    const revealed = (await call(rotate.path, { key: player.apiKey, method: rotate.method })).json.previous;
    const { createHmac } = await import("node:crypto");
    const hash = createHmac("sha256", revealed.serverSeed).update(`${revealed.clientSeed}:${opened.json.spin.nonce}`).digest("hex");
    expect(hash).toBe(opened.json.fairness.hash);
  });
});

describe("web routes", () => {
  it("GET /docs renders the API reference from the document, without a CDN", async () => {
    const page = await fetch(`${baseUrl}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-url="/api/openapi.json"');
    const script = await fetch(`${baseUrl}/vendor/scalar/standalone.js`);
    expect(script.status).toBe(200);
  });

  it("GET /api/health reports the database and rate-limit store", async () => {
    const { status, json } = await call("/api/health");
    expect(status).toBe(200);
    expect(json.status).toBe("ok");
    expect(json.database).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
    expect(json.rateLimitStore).toBe(process.env.REDIS_URL ? "redis" : "memory");
  });

  it("answers unknown /v1 routes with JSON 404, never HTML", async () => {
    for (const [method, path] of [
      ["GET", "/v1/nope"],
      ["GET", "/v1"],
      ["POST", "/v1/packs"],
      ["DELETE", "/v1/packs/x"],
      ["GET", "/v1/packs/x/open/more"],
      ["GET", "/v1/%ZZ"],
      ["POST", "/v1/packs/%ZZ"],
    ] as const) {
      const { status, json, headers } = await call(path, { method });
      expect(status, `${method} ${path}`).toBe(404);
      expect(headers.get("content-type")).toMatch(/application\/json/);
      expect(json.message).toBeTruthy();
    }
  });

  it("answers unknown and undecodable page paths with the not-found page, never a 500", async () => {
    for (const path of ["/packs/no-such-pack", "/packs/%ZZ", "/no-such-page", "/inventory%E0%A4%A"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/text\/html/);
      expect(await response.text()).toContain("Nothing here");
    }
  });

  it("rejects the internal admin endpoint without its token", async () => {
    const response = await fetch(`${baseUrl}/api/internal/admin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ command: "audit", flags: {} }),
    });
    expect(response.status).toBe(403);
  });
});
