import { describe, expect, it } from "vitest";
import { admin, call, newPlayer, somePack, type Player } from "./support.ts";

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function openOne(player: Player): Promise<string> {
  const pack = await somePack(player.apiKey);
  const opened = await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
  expect(opened.status).toBe(200);
  return opened.json.inventoryItem.id as string;
}

async function saveAddress(player: Player) {
  const created = await call("/v1/addresses", {
    key: player.apiKey,
    ...json({ name: "Jane Doe", line1: "1 Main St", city: "Springfield", region: "IL", postalCode: "62701", country: "US" }),
  });
  expect(created.status).toBe(201);
  return created.json.id as string;
}

describe("/v1/addresses", () => {
  it("creates (201), lists and deletes; a postal code not of its country is a 400", async () => {
    const player = await newPlayer("10.00");
    const bad = await call("/v1/addresses", {
      key: player.apiKey,
      ...json({ name: "A", line1: "B", city: "C", postalCode: "ABCDE", country: "US" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("postalCode");
    const id = await saveAddress(player);
    const list = await call("/v1/addresses", { key: player.apiKey });
    expect(list.status).toBe(200);
    expect(list.json.addresses.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await call(`/v1/addresses/${id}`, { key: player.apiKey, method: "DELETE" })).json).toEqual({ deleted: true });
    expect((await call(`/v1/addresses/${id}`, { key: player.apiKey, method: "DELETE" })).status).toBe(404);
  });
});

describe("/v1/shipments", () => {
  it("quotes, requests (201, fee debited, Idempotency-Key replayed), shows and cancels (fee back)", async () => {
    const player = await newPlayer("100.00");
    const items = [await openOne(player), await openOne(player)];
    const addressId = await saveAddress(player);
    const quote = await call("/v1/shipping/quote?country=US", { key: player.apiKey });
    expect(quote.status).toBe(200);
    expect(quote.json).toEqual({ country: "US", fee: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect((await call("/v1/shipping/quote?country=ZZ", { key: player.apiKey })).status).toBe(400);

    const before = (await call("/v1/wallet", { key: player.apiKey })).json.balanceString as string;
    const request = json({ inventoryItemIds: items, addressId }, { "idempotency-key": `ship-${player.userId}` });
    const created = await call("/v1/shipments", { key: player.apiKey, ...request });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ state: "REQUESTED", fee: quote.json.fee, country: "US", address: { city: "Springfield" } });
    const replay = await call("/v1/shipments", { key: player.apiKey, ...request });
    expect(replay.status).toBe(201);
    expect(replay.json).toEqual(created.json);
    const after = (await call("/v1/wallet", { key: player.apiKey })).json.balanceString as string;
    expect(Math.round((Number(before) - Number(after)) * 100)).toBe(Math.round(Number(quote.json.fee) * 100));

    const sell = await call("/v1/inventory/sell", { key: player.apiKey, ...json({ inventoryItemIds: [items[0]] }) });
    expect(sell.status).toBe(409);
    const id = created.json.id as string;
    expect((await call(`/v1/shipments/${id}`, { key: player.apiKey })).json).toEqual(created.json);
    expect((await call("/v1/shipments", { key: player.apiKey })).json.shipments.map((s: { id: string }) => s.id)).toEqual([id]);

    const cancelled = await call(`/v1/shipments/${id}/cancel`, { key: player.apiKey, method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.state).toBe("CANCELLED");
    expect((await call(`/v1/shipments/${id}/cancel`, { key: player.apiKey, method: "POST" })).status).toBe(409);
    expect((await call("/v1/wallet", { key: player.apiKey })).json.balanceString).toBe(before);

    const audit = await admin("audit");
    expect(audit.breaches).toEqual([]);
  });

  it("another player's shipment and address are a 404", async () => {
    const owner = await newPlayer("100.00");
    const other = await newPlayer("100.00");
    const item = await openOne(owner);
    const addressId = await saveAddress(owner);
    const created = await call("/v1/shipments", { key: owner.apiKey, ...json({ inventoryItemIds: [item], addressId }) });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect((await call(`/v1/shipments/${id}`, { key: other.apiKey })).status).toBe(404);
    expect((await call(`/v1/shipments/${id}/cancel`, { key: other.apiKey, method: "POST" })).status).toBe(404);
    expect((await call(`/v1/addresses/${addressId}`, { key: other.apiKey, method: "DELETE" })).status).toBe(404);
    const otherItem = await openOne(other);
    const withOwnersAddress = await call("/v1/shipments", { key: other.apiKey, ...json({ inventoryItemIds: [otherItem], addressId }) });
    expect(withOwnersAddress.status).toBe(404);
    expect((await call("/v1/shipments", { key: other.apiKey })).json.shipments).toEqual([]);
  });
});
