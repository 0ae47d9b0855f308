import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { demoCatalog } from "@prizepacks/db/seed";
import { admin, baseUrl, call, families, newPlayer, somePack } from "./support.ts";

const inactiveSlug = demoCatalog.find((pack) => !pack.active)!.slug;

describe.each(families)("POST /v1/%s/{idOrSlug}/open", (family) => {
  it("opens with no body and no Content-Type, returning exactly the seed's shape", async () => {
    const player = await newPlayer("50.00");
    const pack = await somePack(player.apiKey);
    const { status, json, headers } = await call(`/v1/${family}/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(status).toBe(200);
    // The seed's shape and the transparency log's leafIndex (#40): null until the outcome is logged, after this commit.
    expect(Object.keys(json).sort()).toEqual(["balanceAfter", "fairness", "inventoryItem", "item", "leafIndex", "spin"]);
    expect(json.leafIndex).toBeNull();
    expect(Object.keys(json.spin).sort()).toEqual(["id", "itemId", "nonce", "packId", "result"]);
    expect(Object.keys(json.item).sort()).toEqual(["id", "image", "name", "rarity", "value"]);
    expect(Object.keys(json.inventoryItem).sort()).toEqual(["id", "itemId", "value"]);
    expect(json.fairness).toMatchObject({
      serverSeedHash: expect.any(String),
      clientSeed: expect.any(String),
      nonce: 0,
      hash: expect.any(String),
    });
    expect(json.spin.packId).toBe(pack.id);
    expect(json.spin.itemId).toBe(json.item.id);
    expect(json.inventoryItem.itemId).toBe(json.item.id);
    expect(json.inventoryItem.value).toBe(json.item.value);
    expect(json.fairness.nonce).toBe(json.spin.nonce);
    expect(typeof json.balanceAfter).toBe("number");
    expect(json.balanceAfter).toBe(Number((50 - Number(pack.price)).toFixed(2)));
    expect(json.item.value).toMatch(/^\d+\.\d{2}$/);
    expect(headers.get("ratelimit-limit")).toBe("30");
    expect(headers.get("ratelimit-remaining")).toBe("29");
    expect(Number(headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  });

  it("accepts Content-Type: application/json with an empty body, and with {}", async () => {
    const player = await newPlayer("50.00");
    const pack = await somePack(player.apiKey);
    const empty = await call(`/v1/${family}/${pack.id}/open`, {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
    });
    expect(empty.status).toBe(200);
    const braces = await call(`/v1/${family}/${pack.id}/open`, {
      key: player.apiKey,
      via: "x-api-key",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(braces.status).toBe(200);
    expect(braces.json.spin.nonce).toBe(empty.json.spin.nonce + 1);
  });

  it("takes a JSON object body under any Content-Type, and answers 400 for any other body, opening nothing", async () => {
    const player = await newPlayer("50.00");
    const pack = await somePack(player.apiKey);
    const open = (headers: Record<string, string>, body: string, target = pack.slug) =>
      call(`/v1/${family}/${target}/open`, { key: player.apiKey, method: "POST", headers, body });

    // curl -d '{}' sends form encoding; the body is still a JSON object.
    const formEncoded = await open({ "content-type": "application/x-www-form-urlencoded" }, "{}");
    expect(formEncoded.status).toBe(200);
    const balance = (await call("/v1/me", { key: player.apiKey })).json.balance;

    for (const [headers, body, message] of [
      [{ "content-type": "application/json" }, "{", "The request body is not valid JSON."],
      [{ "content-type": "application/json" }, "[]", "The request body must be a JSON object."],
      [{ "content-type": "text/plain" }, "open please", "Send the request body as JSON with Content-Type: application/json."],
      [{ "content-type": "application/json" }, `{"pad":"${"x".repeat(70_000)}"}`, "The request body is larger than 65536 bytes."],
    ] as const) {
      const { status, json } = await open(headers, body);
      expect(status, message).toBe(400);
      expect(json).toMatchObject({ code: "BAD_REQUEST", message });
    }
    // 404 comes before 400.
    expect((await open({ "content-type": "application/json" }, "{", "no-such-pack")).status).toBe(404);

    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(balance);
    expect((await call("/v1/fairness", { key: player.apiKey })).json.nonce).toBe(1);
  });

  it("answers 400 for insufficient balance and changes nothing", async () => {
    const player = await newPlayer("0.50");
    const pack = await somePack(player.apiKey);
    const { status, json } = await call(`/v1/${family}/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(status).toBe(400);
    expect(json.code).toBe("INSUFFICIENT_BALANCE");
    expect(json.message).toMatch(/insufficient balance/i);
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(0.5);
    expect((await call("/v1/fairness", { key: player.apiKey })).json.nonce).toBe(0);
  });

  it("answers 404 for the demo catalog's inactive pack and for unknown packs", async () => {
    const player = await newPlayer("500.00");
    for (const target of [inactiveSlug, "no-such-pack"]) {
      const { status, json } = await call(`/v1/${family}/${target}/open`, { key: player.apiKey, method: "POST" });
      expect(status).toBe(404);
      expect(json.code).toBe("NOT_FOUND");
    }
    expect((await call(`/v1/${family}/${inactiveSlug}`, { key: player.apiKey })).status).toBe(404);
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(500);
  });
});

describe("POST /v1/packs/{idOrSlug}/open: fairness", () => {
  it("lets anyone verify a draw from the revealed server seed", async () => {
    const player = await newPlayer("100.00");
    const pack = await somePack(player.apiKey);
    const before = (await call("/v1/fairness", { key: player.apiKey })).json;
    const opened = [];
    for (let i = 0; i < 3; i++) {
      opened.push((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).json);
    }
    expect(opened.map((o) => o.spin.nonce)).toEqual([0, 1, 2]);
    const rotated = await call("/v1/fairness/rotate", { key: player.apiKey, method: "POST" });
    expect(rotated.status).toBe(200);
    const { serverSeed, serverSeedHash, clientSeed, nonce } = rotated.json.previous;
    expect(serverSeedHash).toBe(before.serverSeedHash);
    expect(createHash("sha256").update(serverSeed).digest("hex")).toBe(serverSeedHash);
    expect(clientSeed).toBe(before.clientSeed);
    expect(nonce).toBe(3);
    const detail = (await call(`/v1/packs/${pack.slug}`, { key: player.apiKey })).json;
    for (const o of opened) {
      const hash = createHmac("sha256", serverSeed).update(`${clientSeed}:${o.fairness.nonce}`).digest("hex");
      const result = Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100000) + 1;
      expect(o.fairness.hash).toBe(hash);
      expect(o.spin.result).toBe(result);
      const winner = detail.items.find((i: { ticketFrom: number; ticketTo: number }) => result >= i.ticketFrom && result <= i.ticketTo);
      expect(winner.id).toBe(o.item.id);
      expect(o.fairness.oddsHash).toBe(detail.oddsHash);
    }
  });
});

describe("POST /v1/packs/{idOrSlug}/open: Idempotency-Key", () => {
  it("replays the original response for a retry and opens nothing more", async () => {
    const player = await newPlayer("100.00");
    const [first, second] = (await call("/v1/packs", { key: player.apiKey })).json;
    const headers = { "idempotency-key": `order-${Date.now()}` };
    const a = await call(`/v1/packs/${first.slug}/open`, { key: player.apiKey, method: "POST", headers });
    const b = await call(`/v1/boxes/${first.id}/open`, { key: player.apiKey, method: "POST", headers });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(a.json.balanceAfter);
    const conflict = await call(`/v1/packs/${second.slug}/open`, { key: player.apiKey, method: "POST", headers });
    expect(conflict.status).toBe(409);
    expect(conflict.json.code).toBe("CONFLICT");
    const bad = await call(`/v1/packs/${first.slug}/open`, {
      key: player.apiKey,
      method: "POST",
      headers: { "idempotency-key": "x".repeat(300) },
    });
    expect(bad.status).toBe(400);
  });
});

describe("POST /v1/packs/{idOrSlug}/open: concurrency", () => {
  it("with money for k opens, exactly k of many parallel requests succeed", async () => {
    const pack = await somePack((await newPlayer()).apiKey);
    const k = 4;
    const player = await newPlayer((Number(pack.price) * k).toFixed(2));
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${baseUrl}/v1/packs/${pack.slug}/open`, { method: "POST", headers: { authorization: `Bearer ${player.apiKey}` } }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(k);
    expect(statuses.filter((s) => s === 400)).toHaveLength(12 - k);
    const bodies = await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.json()));
    expect(bodies.map((b) => b.spin.nonce).sort((x, y) => x - y)).toEqual([0, 1, 2, 3]);
    const me = await call("/v1/me", { key: player.apiKey });
    expect(me.json.balanceString).toBe("0.00");
    const audit = await admin("audit");
    expect(audit.ok).toBe(true);
  });
});
