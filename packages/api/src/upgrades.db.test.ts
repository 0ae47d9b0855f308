import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyToCents } from "@prizepacks/core/contract";
import { openServices } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { verifyUpgrade } from "@prizepacks/fairness";
import { startRestServer, type RestServer } from "./testing/rest-server.ts";

// The upgrader and the exchange over /v1, on a loopback server of ours: answers, errors as JSON
// with a message, and a verifier that needs nothing but /v1/history once the seed is revealed.
let services: Awaited<ReturnType<typeof openServices>>;
let app: RestServer | undefined;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
});

async function rest(apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app!.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function player() {
  const stakePack = await createTestPack(services, {
    price: "11.11",
    items: [{ key: "stake", name: "REST Stake", rarity: "COMMON", value: "9.99", image: "/images/test.svg", tickets: 100_000 }],
  });
  const targets = await createTestPack(services, {
    price: "50.00",
    items: [
      { key: "t20", name: "REST Twenty", rarity: "COMMON", value: "20.00", image: "/images/test.svg", tickets: 50_000 },
      { key: "t70", name: "REST Seventy", rarity: "RARE", value: "70.00", image: "/images/test.svg", tickets: 50_000 },
    ],
  });
  const user = await createTestUser(services, { balance: "100.00" });
  const items: string[] = [];
  for (let i = 0; i < 3; i++) items.push((await rest(user.apiKey, "POST", `/v1/packs/${stakePack.slug}/open`)).body.inventoryItem.id);
  const t20 = targets.items.find((item) => item.key === "t20")!.id;
  const t70 = targets.items.find((item) => item.key === "t70")!.id;
  return { ...user, items, t20, t70 };
}

describe("POST /v1/upgrades", () => {
  it("answers 201 with the upgrade and its fairness; a pair's openings and upgrades verify from GET /v1/history alone after rotating", async () => {
    const { apiKey, items, t20, t70 } = await player();
    const quote = await rest(apiKey, "GET", `/v1/upgrades/quote?inventoryItemIds=${items[0]}&targetItemId=${t70}`);
    expect(quote).toMatchObject({ status: 200, body: { stakeValue: "9.99", chanceTickets: 13_129, chance: "13.129", edgeBps: 800 } });
    const created = await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: [items[0]], targetItemId: t70 });
    expect(created.status).toBe(201);
    expect(created.body.upgrade).toMatchObject({ stakeValue: "9.99", targetValue: "70.00", chanceTickets: 13_129, nonce: 3 });
    expect(created.body.fairness).toMatchObject({ nonce: 3, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: items.slice(1), targetItemId: t20 });
    expect((await rest(apiKey, "POST", "/v1/fairness/rotate", {})).status).toBe(200);

    const history = (await rest(apiKey, "GET", "/v1/history?limit=100")).body;
    const kinds = [...history.spins, ...history.upgrades]
      .map((entry: { kind: string; nonce?: number; fairness: { nonce: number } }) => `${entry.fairness.nonce}:${entry.kind}`)
      .sort();
    expect(kinds).toEqual(["0:open", "1:open", "2:open", "3:upgrade", "4:upgrade"]);
    for (const upgrade of history.upgrades) {
      const { fairness } = upgrade;
      expect(fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      const problems = await verifyUpgrade({
        serverSeed: fairness.serverSeed,
        clientSeed: fairness.clientSeed,
        nonce: fairness.nonce,
        stakeCents: moneyToCents(upgrade.stakeValue),
        targetCents: moneyToCents(upgrade.targetValue),
        edgeBps: upgrade.edgeBps,
        capTickets: upgrade.capTickets,
        chanceTickets: upgrade.chanceTickets,
        hash: fairness.hash,
        ticket: fairness.result,
        won: upgrade.won,
      });
      expect(problems).toEqual([]);
    }
    expect((await rest(apiKey, "GET", `/v1/upgrades/${created.body.upgrade.id}`)).body).toMatchObject({
      id: created.body.upgrade.id,
      kind: "upgrade",
    });
    expect((await rest(apiKey, "GET", "/v1/upgrades")).body.upgrades).toHaveLength(2);
  });

  it("answers every refusal as JSON with a message: 400, 404, 409; a string is never read as a list or a number", async () => {
    const { apiKey, items, t20, t70 } = await player();
    const cases = [
      [await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: items[0], targetItemId: t70 }), 400],
      [await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: [items[0]], targetItemId: 7 }), 400],
      [await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: items, targetItemId: t20 }), 400], // not an upgrade
      [await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: ["nope"], targetItemId: t70 }), 404],
      [await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: [items[0]], targetItemId: "nope" }), 404],
      [await rest(apiKey, "GET", "/v1/upgrades/no-such-upgrade"), 404],
      [await rest(apiKey, "GET", `/v1/upgrades/quote?targetItemId=${t70}`), 400],
      [await rest(apiKey, "GET", "/v1/upgrades/targets?limit=ten"), 400],
      [await rest(apiKey, "POST", "/v1/exchanges", { inventoryItemIds: items, targetItemIds: t20 }), 400],
    ] as const;
    for (const [answer, status] of cases) {
      expect(answer.status).toBe(status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    await rest(apiKey, "POST", "/v1/inventory/sell", { inventoryItemIds: [items[0]] });
    const gone = await rest(apiKey, "POST", "/v1/upgrades", { inventoryItemIds: [items[0]], targetItemId: t70 });
    expect(gone).toMatchObject({ status: 409, body: { message: `Inventory item "${items[0]}" was already sold.` } });
  });
});

describe("the upgrades rate limit", () => {
  it("counts upgrades and exchanges per key under its own policy, answering 429 past it; openings and reads are not under it", async () => {
    const user = await createTestUser(services, { balance: "5.00" });
    const pack = await createTestPack(services, { price: "1.00" });
    const headers = { authorization: `Bearer ${user.apiKey}`, "content-type": "application/json" };
    const post = (path: string) => fetch(`${app!.url}${path}`, { method: "POST", headers, body: "{}" });
    // The policy is counted before the body is read: refused bodies count, as they cost a turn too.
    const first = await post("/v1/upgrades");
    expect(first.status).toBe(400);
    const limit = Number(first.headers.get("ratelimit-limit"));
    expect(limit).toBe(30); // RATE_LIMIT_UPGRADES_PER_MINUTE's default
    expect(Number(first.headers.get("ratelimit-remaining"))).toBe(limit - 1);
    const opened = await fetch(`${app!.url}/v1/packs/${pack.slug}/open`, { method: "POST", headers });
    expect(opened.status).toBe(200);
    expect(Number(opened.headers.get("ratelimit-remaining"))).toBeGreaterThan(0);
    for (let i = 1; i < limit; i++) expect((await post(i % 2 ? "/v1/exchanges" : "/v1/upgrades")).status).toBe(400);
    const refused = await post("/v1/upgrades");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: "RATE_LIMITED", message: expect.any(String) });
    expect((await post("/v1/exchanges")).status).toBe(429);
    // Another key's upgrades, and this key's openings and reads, go on.
    expect((await fetch(`${app!.url}/v1/packs/${pack.slug}/open`, { method: "POST", headers })).status).toBe(200);
    expect((await fetch(`${app!.url}/v1/upgrades`, { headers })).status).toBe(200);
    const other = await createTestUser(services);
    const otherAnswer = await fetch(`${app!.url}/v1/upgrades`, {
      method: "POST",
      headers: { authorization: `Bearer ${other.apiKey}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(otherAnswer.status).toBe(400);
  });
});

describe("POST /v1/exchanges", () => {
  it("answers 201 with the remainder paid to the cent", async () => {
    const { apiKey, items, t20 } = await player();
    const exchanged = await rest(apiKey, "POST", "/v1/exchanges", { inventoryItemIds: items, targetItemIds: [t20] });
    expect(exchanged).toMatchObject({ status: 201, body: { exchange: { givenValue: "29.97", receivedValue: "20.00", cash: "8.47" } } });
    expect((await rest(apiKey, "GET", "/v1/wallet")).body).toMatchObject({ balanceString: (100 - 3 * 11.11 + 8.47).toFixed(2) });
  });
});
