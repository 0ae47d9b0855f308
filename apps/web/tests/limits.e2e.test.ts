import { describe, expect, it } from "vitest";
import { admin, call, newPlayer, somePack } from "./support.ts";

const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("GET and POST /v1/me/limits", () => {
  it("an API key's opening that would pass a limit gets 403 LIMIT_REACHED with kind, period and resetsAt", async () => {
    const player = await newPlayer("100.00");
    const pack = await somePack(player.apiKey);
    expect((await call("/v1/me/limits", { key: player.apiKey })).json).toEqual({ limits: [], pending: [], exclusion: null });

    const set = await call("/v1/me/limits", { key: player.apiKey, ...json({ kind: "wager", period: "day", amount: pack.price }) });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({
      applied: { kind: "wager", period: "day", amount: pack.price, used: "0.00", remaining: pack.price, oldestCountsUntil: null },
      pending: null,
    });

    const before = Date.now();
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).status).toBe(200);
    const after = Date.now();
    const refused = await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "LIMIT_REACHED", kind: "wager", period: "day" });
    expect(refused.json.message).toMatch(/wager limit/);
    // The first opening leaves the 24 h window, to the millisecond of its record.
    const resetsAt = Date.parse(refused.json.resetsAt as string);
    expect(resetsAt).toBeGreaterThanOrEqual(before - 1000 + 86_400_000);
    expect(resetsAt).toBeLessThanOrEqual(after + 1000 + 86_400_000);
    expect((await call("/v1/me", { key: player.apiKey })).json.balanceString).toBe((100 - Number(pack.price)).toFixed(2));

    const limits = (await call("/v1/me/limits", { key: player.apiKey })).json;
    expect(limits.limits).toEqual([
      { kind: "wager", period: "day", amount: pack.price, used: pack.price, remaining: "0.00", oldestCountsUntil: refused.json.resetsAt },
    ]);

    // A raise is only pending; the old limit binds.
    const raised = await call("/v1/me/limits", { key: player.apiKey, ...json({ kind: "wager", period: "day", amount: "1000.00" }) });
    expect(raised.status).toBe(200);
    expect(raised.json.applied).toBeNull();
    expect(raised.json.pending).toMatchObject({ kind: "wager", period: "day", amount: "1000.00" });
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).status).toBe(403);
    const removal = await call("/v1/me/limits", { key: player.apiKey, ...json({ kind: "wager", period: "day", amount: null }) });
    expect(removal.json.pending).toMatchObject({ amount: null });
    expect((await call("/v1/me/limits", { key: player.apiKey })).json.pending).toHaveLength(1);
  });

  it("answers 400 with a message for malformed limits", async () => {
    const player = await newPlayer("0.00");
    const cases = [
      { headers: { "content-type": "application/json" }, body: "{not json" },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ period: "day", amount: "5.00" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "fun", period: "day", amount: "5.00" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "loss", period: "year", amount: "5.00" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "loss", period: "day", amount: "1.234" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "loss", period: "day", amount: "0.00" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "loss", period: "day", amount: 5 }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ kind: "loss", period: "day" }) },
    ];
    for (const c of cases) {
      const { status, json: body } = await call("/v1/me/limits", { key: player.apiKey, method: "POST", ...c });
      expect(status, c.body).toBe(400);
      expect(body.code).toBe("BAD_REQUEST");
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect((await call("/v1/me/limits", { key: player.apiKey })).json.limits).toEqual([]);
    expect((await call("/v1/me/limits", { method: "POST", ...cases[1] })).status).toBe(401);
  });
});

describe("a time-out over REST", () => {
  it("refuses an API key's openings with 403 EXCLUDED and its end, and leaves reading and selling; the CLI cannot lift it", async () => {
    const player = await newPlayer("100.00");
    const pack = await somePack(player.apiKey);
    const opened = await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(opened.status).toBe(200);

    const exclusion = await admin("user:exclude", { email: player.email, period: "24h" });
    expect(exclusion).toMatchObject({ kind: "timeout", period: "24h" });
    const refused = await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "EXCLUDED", kind: "timeout", period: "24h", endsAt: exclusion.endsAt });

    expect((await call("/v1/me", { key: player.apiKey })).status).toBe(200);
    expect((await call("/v1/me/limits", { key: player.apiKey })).json.exclusion).toEqual(exclusion);
    const sold = await call("/v1/inventory/sell", { key: player.apiKey, ...json({ inventoryItemIds: [opened.json.inventoryItem.id] }) });
    expect(sold.status).toBe(200);

    await expect(admin("user:unexclude", { email: player.email })).rejects.toThrow(/cannot be shortened or lifted/);
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey, method: "POST" })).json.code).toBe("EXCLUDED");
  });
});
