import { verifyBattle, type BattleProof, type ValuedTicketRange } from "@prizepacks/fairness";
import { describe, expect, it } from "vitest";
import { startServer } from "./server-instance.ts";
import { readStream } from "./sse.ts";
import { baseUrl, call, newPlayer, somePack } from "./support.ts";

const post = (key: string, body: unknown, headers: Record<string, string> = {}) => ({
  key,
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** A settled battle's answer: its proof, each round with the odds it was drawn on. */
type SettledBattle = Omit<BattleProof, "rounds"> & { rounds: Array<BattleProof["rounds"][number] & { odds: ValuedTicketRange[] }> };

/** GET /v1/battles/{id} until it is settled: the beacon round R is a few seconds after lock. */
async function settledBattle(key: string, id: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const got = await call(`/v1/battles/${id}`, { key });
    expect(got.status).toBe(200);
    if (got.json.status === "settled") return got.json as SettledBattle;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`battle ${id} did not settle`);
}

describe("/v1/battles", () => {
  it("a bot creates a battle, fills it with house bots and plays it entirely over REST; the proof alone verifies it", async () => {
    const player = await newPlayer("100.00");
    const pack = await somePack(player.apiKey);
    const request = post(
      player.apiKey,
      { packs: [pack.slug, pack.id], layout: "1v1v1v1", winRule: "highest", clientSeed: "e2e-bot" },
      {
        "idempotency-key": `battle-${player.userId}`,
      },
    );
    const created = await call("/v1/battles", request);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ status: "open", serverSeed: null, seats: [{ seat: 0, clientSeed: "e2e-bot", you: true }] });
    const replay = await call("/v1/battles", request);
    expect(replay.json.id).toBe(created.json.id);
    const entry = Number(created.json.entry);
    expect((await call("/v1/wallet", { key: player.apiKey })).json.balanceString).toBe((100 - entry).toFixed(2));

    const listed = await call("/v1/battles?status=open", { key: player.apiKey });
    expect(listed.json.battles.map((battle: { id: string }) => battle.id)).toContain(created.json.id);

    const locked = await call(`/v1/battles/${created.json.id}/bots`, { key: player.apiKey, method: "POST" });
    expect(locked.status).toBe(200);
    expect(locked.json).toMatchObject({ status: "locked", beacon: { kind: "local", randomness: null } });
    const other = await newPlayer("100.00");
    expect((await call(`/v1/battles/${created.json.id}/join`, post(other.apiKey, {}))).status).toBe(409);
    expect((await call(`/v1/battles/${created.json.id}/leave`, { key: player.apiKey, method: "POST" })).status).toBe(409);

    const settled = await settledBattle(player.apiKey, created.json.id as string);
    const verification = await verifyBattle(
      settled,
      settled.rounds.map((round) => round.odds),
    );
    expect(verification.problems).toEqual([]);
    const inventory = await call("/v1/inventory?limit=100", { key: player.apiKey });
    const won = inventory.json.items.filter((item: { battleId: string | null }) => item.battleId === created.json.id);
    const mine = settled.payouts.find((payout) => payout.seat === 0);
    expect(won.length).toBe(mine?.items.length ?? 0);
  });

  it("answers 404 for an unknown battle or pack, 400 for a short balance, 409 for a taken seat", async () => {
    const rich = await newPlayer("100.00");
    const poor = await newPlayer("0.00");
    const pack = await somePack(rich.apiKey);
    expect((await call("/v1/battles/no-such-battle", { key: rich.apiKey })).status).toBe(404);
    expect((await call("/v1/battles", post(rich.apiKey, { packs: ["no-such-pack"], layout: "1v1", winRule: "highest" }))).status).toBe(404);
    const short = await call("/v1/battles", post(poor.apiKey, { packs: [pack.slug], layout: "1v1", winRule: "highest" }));
    expect(short.status).toBe(400);
    expect(short.json.code).toBe("INSUFFICIENT_BALANCE");
    const created = await call("/v1/battles", post(rich.apiKey, { packs: [pack.slug], layout: "1v1v1", winRule: "lowest" }));
    const taken = await call(`/v1/battles/${created.json.id}/join`, post(poor.apiKey, { seat: 0 }));
    expect(taken.status).toBe(409);
    expect((await call(`/v1/battles/${created.json.id}/leave`, { key: rich.apiKey, method: "POST" })).json.status).toBe("cancelled");
  });

  it("tells the players battle.joined and battle.locked on /v1/events, and the public lobby every change of the battle", async () => {
    const player = await newPlayer("100.00");
    const pack = await somePack(player.apiKey);
    let battleId = "";
    const events = await readStream(
      `${baseUrl}/v1/events`,
      {
        headers: { authorization: `Bearer ${player.apiKey}` },
        until: (seen) => seen.some((event) => event.event === "battle.locked"),
        timeoutMs: 20_000,
      },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 300)); // the stream is open
        const lobby = await readStream(
          `${baseUrl}/v1/battles/lobby`,
          { until: (seen) => seen.some((event) => event.data.id === battleId && event.data.status === "locked"), timeoutMs: 20_000 },
          async () => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            battleId = (await call("/v1/battles", post(player.apiKey, { packs: [pack.slug], layout: "1v1", winRule: "highest" }))).json
              .id as string;
            await call(`/v1/battles/${battleId}/bots`, { key: player.apiKey, method: "POST" });
          },
        );
        expect(lobby.status).toBe(200);
        const seen = lobby.events.filter((event) => event.data.id === battleId);
        expect(seen.map((event) => event.data.status)).toContain("locked");
        expect(seen.every((event) => event.event === "battle" && event.data.serverSeed === null)).toBe(true);
      },
    );
    const mine = events.events.filter((event) => event.event.startsWith("battle.") && event.data.data.id === battleId);
    expect(mine.map((event) => event.event)).toEqual(["battle.joined", "battle.locked"]);
    expect(mine[1]!.data.data).toMatchObject({ status: "locked", lockKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it("limits creations and joins by their own policy: the opening's limit does not apply, the battles one answers 429", async () => {
    const server = await startServer({
      label: "battle-limits",
      ownDatabase: true,
      env: { RATE_LIMIT_BATTLES_PER_MINUTE: "2", RATE_LIMIT_OPEN_PER_MINUTE: "1" },
    });
    try {
      const key = /demo API key: (pp_live_\w+)/.exec(server.output())![1]!;
      const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
      const packs = (await (await fetch(`${server.baseUrl}/v1/packs`, { headers })).json()) as Array<{ slug: string }>;
      const open = () => fetch(`${server.baseUrl}/v1/packs/${packs[0]!.slug}/open`, { method: "POST", headers });
      expect([(await open()).status, (await open()).status]).toEqual([200, 429]);
      const create = () =>
        fetch(`${server.baseUrl}/v1/battles`, {
          method: "POST",
          headers,
          body: JSON.stringify({ packs: [packs[0]!.slug], layout: "1v1", winRule: "highest" }),
        });
      const answers = [await create(), await create(), await create()];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(answers[0]!.headers.get("ratelimit-limit")).toBe("2");
      expect(((await answers[2]!.json()) as { code: string }).code).toBe("RATE_LIMITED");
      expect(Number(answers[2]!.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
