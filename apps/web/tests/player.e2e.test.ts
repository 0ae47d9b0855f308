import { describe, expect, it } from "vitest";
import { admin, baseUrl, call, families, newPlayer, somePack, type Player } from "./support.ts";

const cents = (money: string | number) => Math.round(Number(money) * 100);

async function openSome(player: Player, times: number, family: (typeof families)[number] = "packs") {
  const pack = await somePack(player.apiKey);
  const opened = [];
  for (let i = 0; i < times; i++) {
    const { status, json } = await call(`/v1/${family}/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(status).toBe(200);
    opened.push(json);
  }
  return { pack, opened };
}

function sell(player: Player, inventoryItemIds: string[]) {
  return call("/v1/inventory/sell", {
    key: player.apiKey,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ inventoryItemIds }),
  });
}

describe("GET /v1/inventory", () => {
  it("lists opened items newest first with the held total, paged by cursor", async () => {
    const player = await newPlayer("100.00");
    const { pack, opened } = await openSome(player, 3);

    const first = await call("/v1/inventory?limit=2", { key: player.apiKey });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBeTruthy();
    expect(Object.keys(first.json).sort()).toEqual(["heldCount", "items", "nextCursor", "totalValue"]);
    expect(first.json.heldCount).toBe(3);
    const total = opened.reduce((sum, o) => sum + cents(o.item.value), 0);
    expect(cents(first.json.totalValue)).toBe(total);
    expect(first.json.totalValue).toMatch(/^\d+\.\d{2}$/);
    expect(first.json.items.map((i: { id: string }) => i.id)).toEqual([opened[2].inventoryItem.id, opened[1].inventoryItem.id]);
    expect(first.json.items[0]).toEqual({
      id: opened[2].inventoryItem.id,
      itemId: opened[2].item.id,
      packId: pack.id,
      packName: expect.any(String),
      name: opened[2].item.name,
      rarity: opened[2].item.rarity,
      value: opened[2].item.value,
      image: opened[2].item.image,
      status: "HELD",
      // The shared server's catalogue may hold digital packs of other tests.
      ships: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      soldAt: null,
      spinId: opened[2].spin.id,
      battleId: null,
      upgradeId: null,
      exchangeId: null,
    });
    expect(first.json.nextCursor).toEqual(expect.any(String));

    const second = await call(`/v1/inventory?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`, { key: player.apiKey });
    expect(second.json.items.map((i: { id: string }) => i.id)).toEqual([opened[0].inventoryItem.id]);
    expect(second.json.nextCursor).toBeNull();
    expect(second.json.totalValue).toBe(first.json.totalValue);
  });

  it("answers 400 for a bad limit, status or cursor, and 401 without a key", async () => {
    const player = await newPlayer("0.00");
    for (const query of ["limit=0", "limit=101", "limit=abc", "status=LOST", "cursor=garbage"]) {
      const { status, json } = await call(`/v1/inventory?${query}`, { key: player.apiKey });
      expect(status, query).toBe(400);
      expect(json.code).toBe("BAD_REQUEST");
      // The message names the field, so a bot author sees what to fix without reading `issues`.
      expect(json.message.toLowerCase(), query).toContain(query.split("=")[0]);
    }
    expect((await call("/v1/inventory")).status).toBe(401);
    const empty = await call("/v1/inventory", { key: player.apiKey });
    expect(empty.json).toEqual({ items: [], totalValue: "0.00", heldCount: 0, nextCursor: null });
  });
});

describe("GET /v1/inventory/groups", () => {
  it("groups the held items by item with counts and exact totals, in the order asked for", async () => {
    const player = await newPlayer("100.00");
    const { opened } = await openSome(player, 6);
    expect((await sell(player, [opened[0].inventoryItem.id])).status).toBe(200);
    const held = opened.slice(1);
    const expected = new Map<string, { count: number; total: number; ids: string[] }>();
    for (const o of held) {
      const group = expected.get(o.item.id) ?? { count: 0, total: 0, ids: [] };
      expected.set(o.item.id, {
        count: group.count + 1,
        total: group.total + cents(o.item.value),
        ids: [...group.ids, o.inventoryItem.id],
      });
    }

    const { status, headers, json } = await call("/v1/inventory/groups", { key: player.apiKey });
    expect(status).toBe(200);
    expect(headers.get("ratelimit-limit")).toBeTruthy();
    expect(json.heldCount).toBe(5);
    expect(cents(json.totalValue)).toBe(held.reduce((sum, o) => sum + cents(o.item.value), 0));
    expect(json.groups).toHaveLength(expected.size);
    for (const group of json.groups) {
      const want = expected.get(group.itemId)!;
      expect([group.count, cents(group.totalValue), group.inventoryItemIds]).toEqual([want.count, want.total, want.ids]);
      expect(group.totalValue).toMatch(/^\d+\.\d{2}$/);
    }
    const values = (groups: Array<{ value: string }>) => groups.map((g) => cents(g.value));
    expect(values(json.groups)).toEqual(values(json.groups).toSorted((a, b) => b - a));
    const ascending = (await call("/v1/inventory/groups?sort=value-asc", { key: player.apiKey })).json.groups;
    expect(values(ascending)).toEqual(values(json.groups).toSorted((a, b) => a - b));
    const byCount = (await call("/v1/inventory/groups?sort=count", { key: player.apiKey })).json.groups;
    expect(byCount.map((g: { count: number }) => g.count)).toEqual([...expected.values()].map((g) => g.count).toSorted((a, b) => b - a));
  });

  it("answers 400 for an unknown sort and 401 without a key", async () => {
    const player = await newPlayer("0.00");
    const bad = await call("/v1/inventory/groups?sort=price", { key: player.apiKey });
    expect(bad.status).toBe(400);
    expect(bad.json.message.toLowerCase()).toContain("sort");
    expect((await call("/v1/inventory/groups")).status).toBe(401);
    expect((await call("/v1/inventory/groups", { key: player.apiKey })).json).toEqual({ groups: [], totalValue: "0.00", heldCount: 0 });
  });
});

describe("POST /v1/inventory/sell", () => {
  it("sells for the item's value, credits the wallet, moves the item to SOLD; selling again is 409", async () => {
    const player = await newPlayer("50.00");
    const { opened } = await openSome(player, 2);
    const [a, b] = opened;
    const before = (await call("/v1/me", { key: player.apiKey })).json;
    expect(before.balance).toBe(b.balanceAfter);

    const sold = await sell(player, [a.inventoryItem.id]);
    expect(sold.status).toBe(200);
    expect(sold.json).toEqual({
      sold: [{ id: a.inventoryItem.id, value: a.item.value }],
      total: a.item.value,
      balanceAfter: (cents(before.balanceString) + cents(a.item.value)) / 100,
    });
    const me = (await call("/v1/me", { key: player.apiKey })).json;
    expect(me.balance).toBe(sold.json.balanceAfter);
    expect((await call("/v1/wallet", { key: player.apiKey })).json).toEqual({
      balance: me.balance,
      balanceString: me.balanceString,
      pendingWithdrawals: "0.00",
    });

    const held = (await call("/v1/inventory", { key: player.apiKey })).json;
    expect(held.items.map((i: { id: string }) => i.id)).toEqual([b.inventoryItem.id]);
    expect(held.totalValue).toBe(b.item.value);
    const soldList = (await call("/v1/inventory?status=SOLD", { key: player.apiKey })).json;
    expect(soldList.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[a.inventoryItem.id, "SOLD"]]);
    expect(soldList.items[0].soldAt).toEqual(expect.any(String));

    const again = await sell(player, [a.inventoryItem.id]);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("CONFLICT");
    expect(again.json.message).toMatch(/already sold/);
    // All or nothing: the held item in the same request is not sold either.
    expect((await sell(player, [b.inventoryItem.id, a.inventoryItem.id])).status).toBe(409);
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(sold.json.balanceAfter);
    expect((await call("/v1/inventory", { key: player.apiKey })).json.heldCount).toBe(1);
  });

  it("answers 404 for someone else's item and an unknown id, and sells nothing", async () => {
    const owner = await newPlayer("20.00");
    const thief = await newPlayer("20.00");
    const { opened } = await openSome(owner, 1);
    const [own] = (await openSome(thief, 1)).opened;
    for (const ids of [[opened[0].inventoryItem.id], [own.inventoryItem.id, opened[0].inventoryItem.id], ["no-such-item"]]) {
      const { status, json } = await sell(thief, ids);
      expect(status).toBe(404);
      expect(json.code).toBe("NOT_FOUND");
    }
    expect((await call("/v1/inventory", { key: owner.apiKey })).json.heldCount).toBe(1);
    expect((await call("/v1/inventory", { key: thief.apiKey })).json.heldCount).toBe(1);
    expect((await call("/v1/me", { key: thief.apiKey })).json.balance).toBe(own.balanceAfter);
  });

  it("answers 400 JSON for a malformed body, a missing list, repeated ids and more than 100 ids", async () => {
    const player = await newPlayer("0.00");
    const malformed = await call("/v1/inventory/sell", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"inventoryItemIds": [',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toMatch(/application\/json/);
    expect(malformed.json).toMatchObject({ code: "BAD_REQUEST", message: "The request body is not valid JSON." });
    const notJson = await call("/v1/inventory/sell", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toMatch(/Content-Type: application\/json/);
    const array = await call("/v1/inventory/sell", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '["a"]',
    });
    expect(array.json.message).toBe("The request body must be a JSON object.");
    for (const body of [
      undefined,
      "{}",
      '{"inventoryItemIds":[]}',
      '{"inventoryItemIds":["a","a"]}',
      JSON.stringify({ inventoryItemIds: Array.from({ length: 101 }, (_, i) => `i${i}`) }),
    ]) {
      const { status, json } = await call("/v1/inventory/sell", {
        key: player.apiKey,
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      expect(status, body).toBe(400);
      expect(json.code).toBe("BAD_REQUEST");
    }
    // Authentication comes first: a malformed body without a key is a 401.
    expect((await call("/v1/inventory/sell", { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(
      401,
    );
  });

  it("sells an item exactly once under parallel requests (double clicks)", async () => {
    const player = await newPlayer("20.00");
    const { opened } = await openSome(player, 1);
    const body = JSON.stringify({ inventoryItemIds: [opened[0].inventoryItem.id] });
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${baseUrl}/v1/inventory/sell`, {
          method: "POST",
          headers: { authorization: `Bearer ${player.apiKey}`, "content-type": "application/json" },
          body,
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const me = (await call("/v1/me", { key: player.apiKey })).json;
    expect(cents(me.balanceString)).toBe(cents(opened[0].balanceAfter) + cents(opened[0].item.value));
    const audit = await admin("audit");
    expect(audit.ok).toBe(true);
  });
});

describe("GET /v1/history", () => {
  it("shows each opening with its fairness data; the server seed only after rotating", async () => {
    const player = await newPlayer("50.00");
    const { pack, opened } = await openSome(player, 2);
    const page = await call("/v1/history", { key: player.apiKey });
    expect(page.status).toBe(200);
    expect(page.json.nextCursor).toBeNull();
    expect(page.json.spins.map((s: { id: string }) => s.id)).toEqual([opened[1].spin.id, opened[0].spin.id]);
    const [latest] = page.json.spins;
    expect(latest).toEqual({
      kind: "open",
      id: opened[1].spin.id,
      createdAt: expect.any(String),
      pack: { id: pack.id, slug: pack.slug, name: expect.any(String), image: expect.any(String) },
      item: opened[1].item,
      price: pack.price,
      inventoryItemId: opened[1].inventoryItem.id,
      fairness: { ...opened[1].fairness, serverSeed: null, result: opened[1].spin.result },
      // Its place in the transparency log, once the appender (every second) has logged it.
      leafIndex: latest.leafIndex,
    });
    expect(latest.leafIndex === null || Number.isInteger(latest.leafIndex)).toBe(true);

    const rotated = await call("/v1/fairness/rotate", { key: player.apiKey, method: "POST" });
    const after = await call("/v1/history?limit=1", { key: player.apiKey });
    expect(after.json.spins).toHaveLength(1);
    expect(after.json.spins[0].fairness.serverSeed).toBe(rotated.json.previous.serverSeed);
    const older = await call(`/v1/history?limit=1&cursor=${encodeURIComponent(after.json.nextCursor)}`, { key: player.apiKey });
    expect(older.json.spins.map((s: { id: string }) => s.id)).toEqual([opened[0].spin.id]);
    expect(older.json.spins[0].fairness.serverSeed).toBe(rotated.json.previous.serverSeed);
  });

  it("filters by packId and shows nothing of other accounts", async () => {
    const player = await newPlayer("50.00");
    const { pack } = await openSome(player, 1);
    await openSome(await newPlayer("20.00"), 1);
    const mine = await call(`/v1/history?packId=${pack.id}`, { key: player.apiKey });
    expect(mine.json.spins).toHaveLength(1);
    expect((await call("/v1/history?packId=no-such-pack", { key: player.apiKey })).json.spins).toEqual([]);
    expect((await call("/v1/history?limit=500", { key: player.apiKey })).status).toBe(400);
  });

  it("GET /v1/history/summary totals the openings listed, exactly, per pack when asked", async () => {
    const player = await newPlayer("50.00");
    expect((await call("/v1/history/summary", { key: player.apiKey })).json).toEqual({
      openings: 0,
      battles: 0,
      paid: "0.00",
      won: "0.00",
      net: "0.00",
    });
    const { pack, opened } = await openSome(player, 3);
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const paid = 3 * cents(pack.price);
    const won = opened.reduce((sum: number, result: { item: { value: string } }) => sum + cents(result.item.value), 0);
    const money = (value: number) =>
      `${value < 0 ? "-" : ""}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, "0")}`;
    const expected = { openings: 3, battles: 0, paid: money(paid), won: money(won), net: money(won - paid) };
    expect((await call("/v1/history/summary", { key: player.apiKey })).json).toEqual(expected);
    expect((await call(`/v1/history/summary?packId=${pack.id}`, { key: player.apiKey })).json).toEqual(expected);
    expect((await call("/v1/history/summary?packId=no-such-pack", { key: player.apiKey })).json).toMatchObject({
      openings: 0,
      net: "0.00",
    });
    expect((await call("/v1/history/summary", {})).status).toBe(401);
  });
});

describe("GET /v1/wallet/ledger", () => {
  it("records the starting credit, each opening and each sale; amounts sum to the balance", async () => {
    const player = await newPlayer("30.00");
    const { pack, opened } = await openSome(player, 2);
    await sell(player, [opened[0].inventoryItem.id]);
    const { status, json } = await call("/v1/wallet/ledger", { key: player.apiKey });
    expect(status).toBe(200);
    expect(json.nextCursor).toBeNull();
    expect(json.entries.map((e: { kind: string }) => e.kind)).toEqual(["ITEM_SALE", "PACK_OPEN", "PACK_OPEN", "ADJUSTMENT"]);
    expect(json.entries[0]).toMatchObject({ amount: opened[0].item.value, inventoryItemId: opened[0].inventoryItem.id, spinId: null });
    expect(json.entries[1]).toMatchObject({ amount: `-${pack.price}`, spinId: opened[1].spin.id, inventoryItemId: null });
    expect(json.entries[3]).toMatchObject({ amount: "30.00", balanceAfter: 30 });
    const me = (await call("/v1/me", { key: player.apiKey })).json;
    expect(json.entries[0].balanceAfter).toBe(me.balance);
    expect(json.entries.reduce((sum: number, e: { amount: string }) => sum + cents(e.amount), 0)).toBe(cents(me.balanceString));

    const paged = await call("/v1/wallet/ledger?limit=3", { key: player.apiKey });
    const rest = await call(`/v1/wallet/ledger?limit=3&cursor=${encodeURIComponent(paged.json.nextCursor)}`, { key: player.apiKey });
    expect([...paged.json.entries, ...rest.json.entries].map((e: { id: string }) => e.id)).toEqual(
      json.entries.map((e: { id: string }) => e.id),
    );
  });
});

describe.each(families)("POST /v1/%s/{idOrSlug}/open next to the inventory", (family) => {
  it("puts the item in the inventory and the history, sellable like any other", async () => {
    const player = await newPlayer("20.00");
    const { opened } = await openSome(player, 1, family);
    const inventory = (await call("/v1/inventory", { key: player.apiKey })).json;
    expect(inventory.items.map((i: { id: string }) => i.id)).toEqual([opened[0].inventoryItem.id]);
    expect((await call("/v1/history", { key: player.apiKey })).json.spins[0].id).toBe(opened[0].spin.id);
    expect((await sell(player, [opened[0].inventoryItem.id])).status).toBe(200);
  });
});

describe("web-only procedures", () => {
  it("are not served over REST: deposits and key management need the web app", async () => {
    const player = await newPlayer("0.00");
    for (const [method, path] of [
      ["POST", "/v1/wallet/deposit"],
      ["GET", "/v1/keys"],
      ["POST", "/v1/keys"],
    ] as const) {
      const { status } = await call(path, {
        key: player.apiKey,
        method,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? '{"amount":"10.00"}' : undefined,
      });
      expect(status, `${method} ${path}`).toBe(404);
    }
    expect((await call("/v1/me", { key: player.apiKey })).json.balance).toBe(0);
  });
});

describe("GET /api/openapi.json: player routes", () => {
  it("documents inventory, sale, history and wallet with their tags, and no web-only procedure", async () => {
    const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
    expect(doc.paths["/v1/inventory"].get.operationId).toBe("inventory-list");
    expect(doc.paths["/v1/inventory/sell"].post.operationId).toBe("inventory-sell");
    expect(doc.paths["/v1/history"].get.operationId).toBe("history-list");
    expect(doc.paths["/v1/wallet"].get.operationId).toBe("wallet-get");
    expect(doc.paths["/v1/wallet/ledger"].get.operationId).toBe("wallet-ledger");
    const sellOp = doc.paths["/v1/inventory/sell"].post;
    expect(sellOp.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(sellOp.requestBody.content["application/json"].schema.properties.inventoryItemIds.type).toBe("array");
    expect(sellOp.responses["409"].content["application/json"].example.code).toBe("CONFLICT");
    expect(sellOp.responses["404"].description).not.toMatch(/pack/i);
    const limit = doc.paths["/v1/inventory"].get.parameters.find((p: { name: string }) => p.name === "limit");
    expect(limit).toMatchObject({ in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } });
    expect(doc.tags.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(["Inventory", "History", "Wallet"]));
    // Keys are managed in the web app only; deposits are REST through the provider (POST /v1/deposits), not the web's demo button.
    expect(Object.keys(doc.paths).filter((p) => /keys/.test(p))).toEqual([]);
    expect(Object.keys(doc.paths).filter((p) => /^\/v1\/deposits/.test(p))).toEqual(["/v1/deposits", "/v1/deposits/{id}"]);
  });
});
