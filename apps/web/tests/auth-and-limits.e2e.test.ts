import { describe, expect, it } from "vitest";
import { admin, call, families, newPlayer, somePack, statusWithinOneSecond } from "./support.ts";

const routes = (family: string, slug: string) => [
  { method: "GET", path: `/v1/${family}` },
  { method: "GET", path: `/v1/${family}/${slug}` },
  { method: "POST", path: `/v1/${family}/${slug}/open` },
  { method: "GET", path: "/v1/me" },
  { method: "GET", path: "/v1/fairness" },
  { method: "POST", path: "/v1/fairness/rotate" },
];

describe.each(families)("authentication on /v1/%s", (family) => {
  it("answers 401 for a missing, malformed, unknown or revoked key on every endpoint", async () => {
    const player = await newPlayer("10.00");
    const pack = await somePack(player.apiKey);
    await admin("key:revoke", { key: player.apiKey });
    expect(await statusWithinOneSecond("/v1/me", { key: player.apiKey }, 401)).toBe(401);
    const keys: Array<[string, string | undefined]> = [
      ["missing", undefined],
      ["malformed", "not-a-key"],
      ["short", "pp_live_abc"],
      ["unknown", `pp_live_${"A".repeat(40)}`],
      ["revoked", player.apiKey],
    ];
    for (const route of routes(family, pack.slug)) {
      for (const [label, key] of keys) {
        for (const via of ["bearer", "x-api-key"] as const) {
          const { status, json } = await call(route.path, { key, via, method: route.method });
          expect(status, `${label} ${via} ${route.method} ${route.path}`).toBe(401);
          expect(json.code).toBe("UNAUTHORIZED");
          expect(typeof json.message).toBe("string");
        }
      }
    }
    // Revocation took effect; nothing was charged.
    const other = await admin("key:create", { email: player.email, name: "second" });
    expect((await call("/v1/me", { key: other.apiKey })).json.balance).toBe(10);
  });

  it("answers 403 for banned, deleted and unverified accounts, before 404", async () => {
    for (const flag of ["banned", "deleted", "email-verified"] as const) {
      const player = await newPlayer("10.00");
      await admin("user:set", { email: player.email, [flag]: flag === "email-verified" ? "false" : "true" });
      expect(await statusWithinOneSecond("/v1/me", { key: player.apiKey }, 403)).toBe(403);
      for (const route of [...routes(family, "no-such-pack")]) {
        const { status, json } = await call(route.path, { key: player.apiKey, method: route.method });
        expect(status, `${flag} ${route.method} ${route.path}`).toBe(403);
        expect(json.code).toBe("FORBIDDEN");
      }
      // Lifting the flag restores access.
      await admin("user:set", { email: player.email, [flag]: flag === "email-verified" ? "true" : "false" });
      expect((await call("/v1/me", { key: player.apiKey })).status).toBe(200);
    }
  });
});

describe("rate limits", () => {
  it("POST open: 30 attempts per minute per key, counted before 404, then 429 with Retry-After", async () => {
    const player = await newPlayer("10.00");
    for (let i = 0; i < 30; i++) {
      const { status } = await call(`/v1/packs/no-such-pack/open`, { key: player.apiKey, method: "POST" });
      expect(status).toBe(404);
    }
    const limited = await call(`/v1/boxes/no-such-pack/open`, { key: player.apiKey, method: "POST" });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("RATE_LIMITED");
    // Retry-After: until the first counted attempt leaves the rolling minute (sent seconds ago).
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(40);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json.retryAfter).toBe(retryAfter);
    // 429 also beats 400 (insufficient balance on a real pack) and the limit is per key.
    const pack = await somePack(player.apiKey);
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).status).toBe(429);
    const second = await admin("key:create", { email: player.email, name: "second" });
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: second.apiKey, method: "POST" })).status).toBe(200);
    // 403 beats 429.
    await admin("user:set", { email: player.email, banned: "true" });
    expect(await statusWithinOneSecond("/v1/me", { key: player.apiKey }, 403)).toBe(403);
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).status).toBe(403);
  });

  it("other calls: 120 per minute per key by default, with RateLimit headers", async () => {
    const player = await newPlayer("0.00");
    const first = await call("/v1/me", { key: player.apiKey });
    expect(first.headers.get("ratelimit-limit")).toBe("120");
    expect(first.headers.get("ratelimit-remaining")).toBe("119");
    const batch = await Promise.all(Array.from({ length: 119 }, () => call("/v1/packs", { key: player.apiKey })));
    expect(batch.every((r) => r.status === 200)).toBe(true);
    const limited = await call("/v1/fairness", { key: player.apiKey });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Opens have their own budget.
    expect((await call("/v1/packs/no-such-pack/open", { key: player.apiKey, method: "POST" })).status).toBe(404);
  });
});
