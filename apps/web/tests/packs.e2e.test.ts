import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { admin, call, demoApiKey, demoPacksOf, families, newPlayer, statusWithinOneSecond } from "./support.ts";

// Each family's tests read with a key of their own, so the per-key limit (120/min) is not shared.
const readerKeys = { packs: (await newPlayer()).apiKey, boxes: (await newPlayer()).apiKey };

it("the demo API key printed at start-up works", async () => {
  expect((await call("/v1/me", { key: demoApiKey })).json.email).toBe("demo@prizepacks.local");
});

const summaryKeys = ["category", "id", "image", "maxItemValue", "name", "price", "rarityTheme", "slug", "spinCount"];

describe.each(families)("GET /v1/%s", (family) => {
  const demoApiKey = readerKeys[family];
  it("lists every active pack with exactly the summary fields", async () => {
    const { status, json, headers } = await call(`/v1/${family}`, { key: demoApiKey });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(Array.isArray(json)).toBe(true);
    expect(json.length).toBeGreaterThanOrEqual(8);
    for (const pack of json) {
      expect(Object.keys(pack).sort()).toEqual(summaryKeys);
      expect(pack.price).toMatch(/^\d+\.\d{2}$/);
      expect(pack.category).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(pack.rarityTheme).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(typeof pack.maxItemValue).toBe("number");
      expect(Number.isInteger(pack.spinCount)).toBe(true);
      expect(pack.image).toMatch(/^\/(images|art)\//); // demo packs: drawn art; test packs: fixtures
    }
    const demoPacks = demoPacksOf(json as Array<{ slug: string; category: string }>);
    expect(demoPacks.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoPacks.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
  });

  it("accepts the key in X-Api-Key as well", async () => {
    const { status, json } = await call(`/v1/${family}`, { key: demoApiKey, via: "x-api-key" });
    expect(status).toBe(200);
    expect(json.length).toBeGreaterThanOrEqual(8);
  });

  it("answers HEAD like GET without a body: 200 with a key, 401 without", async () => {
    const { baseUrl } = await import("./support.ts");
    const head = (headers: Record<string, string>) => fetch(`${baseUrl}/v1/${family}`, { method: "HEAD", headers });
    const ok = await head({ authorization: `Bearer ${demoApiKey}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-limit")).toBe("120");
    expect(await ok.text()).toBe("");
    expect((await head({})).status).toBe(401);
  });

  it("serves pack images at their relative paths", async () => {
    const { json } = await call(`/v1/${family}`, { key: demoApiKey });
    const { baseUrl } = await import("./support.ts");
    for (const pack of demoPacksOf(json as Array<{ slug: string; image: string }>)) {
      const image = await fetch(`${baseUrl}${pack.image}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/svg/);
    }
  });
});

describe.each(families)("GET /v1/%s/{idOrSlug}", (family) => {
  const demoApiKey = readerKeys[family];
  it("returns the pack with items ordered by ticket range covering 1..100000", async () => {
    const { json: list } = await call(`/v1/${family}`, { key: demoApiKey });
    for (const summary of demoPacksOf(list as Array<Record<string, unknown> & { slug: string; id: string }>)) {
      const bySlug = await call(`/v1/${family}/${summary.slug}`, { key: demoApiKey });
      const byId = await call(`/v1/${family}/${summary.id}`, { key: demoApiKey });
      expect(bySlug.status).toBe(200);
      expect(byId.json).toEqual(bySlug.json);
      const pack = bySlug.json;
      for (const key of summaryKeys) expect(pack[key]).toEqual(summary[key]);
      expect(pack.items.length).toBeGreaterThanOrEqual(5);
      expect(pack.items.length).toBeLessThanOrEqual(15);
      let next = 1;
      let chanceSum = 0;
      let maxValue = 0;
      for (const item of pack.items) {
        expect(Object.keys(item).sort()).toEqual(["chance", "id", "image", "name", "rarity", "ticketFrom", "ticketTo", "value"]);
        expect(item.ticketFrom).toBe(next);
        expect(item.ticketTo - item.ticketFrom + 1).toBe(Math.round(item.chance * 1000));
        expect(item.value).toMatch(/^\d+\.\d{2}$/);
        expect(item.rarity).toMatch(/^[A-Z]+$/);
        expect(String(item.chance)).toMatch(/^\d+(\.\d{1,3})?$/);
        next = item.ticketTo + 1;
        chanceSum += item.chance * 1000;
        maxValue = Math.max(maxValue, Number(item.value));
      }
      expect(next - 1).toBe(100_000);
      expect(Math.round(chanceSum)).toBe(100_000);
      expect(pack.maxItemValue).toBe(maxValue);
      // The published oddsHash is the SHA-256 of the canonical odds table.
      const canonical = JSON.stringify(
        pack.items.map((i: { id: string; ticketFrom: number; ticketTo: number }) => [i.id, i.ticketFrom, i.ticketTo]),
      );
      expect(pack.oddsHash).toBe(createHash("sha256").update(canonical).digest("hex"));
      // Expected return of the demo catalog: 85% to 95% of the price.
      const ratio = Number(pack.expectedValue) / Number(pack.price);
      expect(ratio).toBeGreaterThanOrEqual(0.85);
      expect(ratio).toBeLessThanOrEqual(0.95);
      // The chance to beat the price: the tickets of the items worth more than it.
      const beating = pack.items.filter((i: { value: string }) => Number(i.value) > Number(pack.price));
      const beatingTickets = beating.reduce(
        (sum: number, i: { ticketFrom: number; ticketTo: number }) => sum + i.ticketTo - i.ticketFrom + 1,
        0,
      );
      expect(pack.beatPriceChance).toBe(beatingTickets / 1000);
      expect(pack.beatPriceChance).toBeGreaterThan(0);
    }
  });

  it("answers 404 with a JSON message for unknown and inactive packs", async () => {
    const missing = await call(`/v1/${family}/no-such-pack`, { key: demoApiKey });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining("no-such-pack") });

    const { json: list } = await call(`/v1/${family}`, { key: demoApiKey });
    const demoPacks = demoPacksOf(list as Array<{ slug: string; id: string }>);
    const target = demoPacks[demoPacks.length - 1]!;
    await admin("pack:set-active", { slug: target.slug, active: "false" });
    try {
      // A CLI change takes effect on the running server within one second.
      expect(await statusWithinOneSecond(`/v1/${family}/${target.slug}`, { key: demoApiKey }, 404)).toBe(404);
      expect((await call(`/v1/${family}/${target.id}`, { key: demoApiKey })).status).toBe(404);
      const after = await call(`/v1/${family}`, { key: demoApiKey });
      expect(after.json.map((p: { slug: string }) => p.slug)).not.toContain(target.slug);
      const player = await newPlayer("100.00");
      const open = await call(`/v1/${family}/${target.slug}/open`, { key: player.apiKey, method: "POST" });
      expect(open.status).toBe(404);
      expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(100);
    } finally {
      await admin("pack:set-active", { slug: target.slug, active: "true" });
    }
    expect(await statusWithinOneSecond(`/v1/${family}/${target.slug}`, { key: demoApiKey }, 200)).toBe(200);
  });

  it("treats an id or slug that cannot be percent-decoded like any unknown pack: 401 first, then JSON 404", async () => {
    const player = await newPlayer("10.00");
    for (const raw of ["%ZZ", "%E0%A4%A", "100%"]) {
      for (const [method, path] of [
        ["GET", `/v1/${family}/${raw}`],
        ["POST", `/v1/${family}/${raw}/open`],
      ] as const) {
        expect((await call(path, { method })).status, `${method} ${path} without a key`).toBe(401);
        const { status, json, headers } = await call(path, { method, key: player.apiKey });
        expect(status, `${method} ${path}`).toBe(404);
        expect(headers.get("content-type")).toMatch(/application\/json/);
        expect(json).toMatchObject({ code: "NOT_FOUND", message: expect.stringContaining(raw) });
      }
    }
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(10);
  });
});
