import { describe, expect, it } from "vitest";
import { call, newPlayer } from "./support.ts";

describe("GET /v1/me", () => {
  it("returns the key's account and its balance as a number", async () => {
    const player = await newPlayer("12.34");
    const { status, json } = await call("/v1/me", { key: player.apiKey });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: player.userId, email: player.email, balance: 12.34, balanceString: "12.34" });
  });
});

describe("GET /v1/fairness and POST /v1/fairness/rotate", () => {
  it("shows the active pair and rotates to the pre-committed next seed", async () => {
    const player = await newPlayer("0.00");
    const state = (await call("/v1/fairness", { key: player.apiKey })).json;
    expect(Object.keys(state).sort()).toEqual(["clientSeed", "nextServerSeedHash", "nonce", "serverSeedHash"]);
    expect(state.nonce).toBe(0);
    expect(state.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const rotated = await call("/v1/fairness/rotate", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientSeed: "my-lucky-seed" }),
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.previous.serverSeedHash).toBe(state.serverSeedHash);
    expect(rotated.json.current).toEqual({ serverSeedHash: state.nextServerSeedHash, clientSeed: "my-lucky-seed", nonce: 0 });
    const after = (await call("/v1/fairness", { key: player.apiKey })).json;
    expect(after).toEqual({ ...rotated.json.current, nextServerSeedHash: rotated.json.nextServerSeedHash });
  });

  it("answers 400 with a message for malformed bodies and bad client seeds", async () => {
    const player = await newPlayer("0.00");
    const cases = [
      { headers: { "content-type": "application/json" }, body: "{not json" },
      { headers: { "content-type": "application/json" }, body: "[1,2]" },
      { headers: { "content-type": "text/plain" }, body: "clientSeed=x" },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ clientSeed: 42 }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ clientSeed: "has spaces" }) },
      { headers: { "content-type": "application/json" }, body: JSON.stringify({ clientSeed: "x".repeat(65) }) },
    ];
    const before = (await call("/v1/fairness", { key: player.apiKey })).json;
    for (const c of cases) {
      const { status, json } = await call("/v1/fairness/rotate", { key: player.apiKey, method: "POST", ...c });
      expect(status, c.body).toBe(400);
      expect(json.code).toBe("BAD_REQUEST");
      expect(json.message.length).toBeGreaterThan(0);
    }
    // Nothing rotated.
    expect((await call("/v1/fairness", { key: player.apiKey })).json).toEqual(before);
    // A malformed body is still 401 without a key.
    expect((await call("/v1/fairness/rotate", { method: "POST", ...cases[0] })).status).toBe(401);
  });
});
