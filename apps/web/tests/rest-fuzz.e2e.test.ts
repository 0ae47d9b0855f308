import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { admin, baseUrl, newPlayer } from "./support.ts";

// Random requests against /v1: methods, paths with odd segments and percent-escapes, keys,
// headers, bodies and query strings. Whatever arrives, the facade answers without a 5xx, and
// every answer it produces is JSON with a message; the books still balance afterwards.

const routeWords = [
  "packs",
  "boxes",
  "me",
  "fairness",
  "rotate",
  "inventory",
  "sell",
  "history",
  "wallet",
  "ledger",
  "open",
  "mini-gadget-grab",
  "budget-tech-drop",
];
const escapes = ["%00", "%ZZ", "%2F", "%2e%2e", "%C3%A9", "%F0%9F%98%80", "%", "%%", "%E0%A4%A", "%ED%A0%80", "%FF", "%0A", "%20"];

const segment = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...routeWords) },
  { weight: 2, arbitrary: fc.constantFrom(...escapes) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }).map(encodeURIComponent) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...routeWords), fc.constantFrom(...escapes)).map(([w, e]) => w.slice(0, 2) + e + w.slice(2)),
  },
);
const path = fc.array(segment, { minLength: 0, maxLength: 4 }).map((segments) => `/v1/${segments.join("/")}`);

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom("-1", "0", "101", "1e309", "NaN", "-0", "99999999999999999999", "0x10", "1.5", "", " 5", "Infinity"),
);
const query = fc
  .array(
    fc.tuple(
      fc.constantFrom("limit", "cursor", "status", "packId", "x", "limit[]", "%00"),
      fc.oneof(numberText, fc.string({ maxLength: 20 }), fc.constantFrom("HELD", "SOLD", "%00", "%ED%A0%80", "a%00b")),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${/%/.test(v) ? v : encodeURIComponent(v)}`).join("&")}` : ""));

// Header values must be Latin-1 for fetch; the server sees them as bytes.
const latin1 = fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, ""));

// Large bodies are named here and built per request, so a counterexample stays readable.
const largeBodies: Record<string, string> = {
  "@deep-array": "[".repeat(5_000) + "]".repeat(5_000),
  "@deep-object": `{"a":${'{"a":'.repeat(2_000)}1${"}".repeat(2_001)}`,
  "@huge": `{"pad":"${"x".repeat(70_000)}"}`,
};

const jsonish = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    "",
    "{",
    "[]",
    "null",
    "1",
    '"x"',
    "{}",
    '{"clientSeed":"a\\u0000b"}',
    '{"inventoryItemIds":["a\\u0000b"]}',
    '{"inventoryItemIds":["\\ud800"]}',
  ),
  fc.constantFrom(
    '{"clientSeed":123}',
    '{"clientSeed":"ok-seed"}',
    '{"inventoryItemIds":"x"}',
    '{"inventoryItemIds":[1,2]}',
    '{"inventoryItemIds":[]}',
  ),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom("@deep-array", "@deep-object", "@huge"),
  fc.string({ unit: "binary", maxLength: 60 }),
);

const FUZZ_RUNS = 2_500;

describe("the REST facade under fuzzing (fast-check)", () => {
  it("answers a form post to a page (fetch resolves /v1/%2e%2e to /) without a 500", async () => {
    for (const body of ["x", "[".repeat(5_000)]) {
      const response = await fetch(`${baseUrl}/v1/%2e%2e`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body });
      expect(response.status).toBeLessThan(500);
    }
  });

  it("never answers 5xx, and answers JSON with a message under /v1, for thousands of random requests", { timeout: 900_000 }, async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer("50.00")));
    const key = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom(...players.map((p) => p.apiKey)),
      fc.constant("pp_live_" + "A".repeat(40)),
      latin1,
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "GET", "POST", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"),
      path,
      query,
      key,
      via: fc.constantFrom("bearer", "x-api-key", "raw-authorization"),
      contentType: fc.option(
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "application/json; charset=latin1",
        ),
        { nil: undefined },
      ),
      idempotencyKey: fc.option(latin1, { nil: undefined }),
      body: jsonish,
    });

    let runs = 0;
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        runs++;
        const headers: Record<string, string> = {};
        if (r.key !== undefined) {
          if (r.via === "bearer") headers.authorization = `Bearer ${r.key}`;
          else if (r.via === "x-api-key") headers["x-api-key"] = r.key;
          else headers.authorization = r.key;
        }
        if (r.contentType) headers["content-type"] = r.contentType;
        if (r.idempotencyKey !== undefined) headers["idempotency-key"] = r.idempotencyKey;
        const url = `${baseUrl}${r.path}${r.query}`;
        const hasBody = r.body !== undefined && !["GET", "HEAD"].includes(r.method);
        const body = hasBody ? (largeBodies[r.body!] ?? r.body) : undefined;
        const response = await fetch(url, { method: r.method, headers, body, redirect: "manual" });
        const text = await response.text();
        const context = `${r.method} ${r.path}${r.query} → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, context).toBeLessThan(500);
        // Under /v1 (fetch resolves dot segments first) every answer is ours: JSON, with a message on errors.
        if (new URL(url).pathname.startsWith("/v1") && r.method !== "HEAD") {
          expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
          const body = JSON.parse(text);
          if (response.status >= 400) expect(typeof body.message, context).toBe("string");
        }
      }),
      // Bounded by count, not by the clock: a loaded machine takes longer over the same requests
      // instead of checking fewer (the test's timeout only catches a hang).
      { numRuns: FUZZ_RUNS },
    );
    expect(runs).toBe(FUZZ_RUNS);
    const audit = await admin("audit");
    expect(audit.breaches).toEqual([]);
  });
});
