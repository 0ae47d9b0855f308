import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { admin, baseUrl, call, newPlayer } from "./support.ts";
import { abortedConnects, holdStream, holdStreamWithinOneSecond, readStream, type HeldStream, type SseEvent } from "./sse.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe("GET /v1/events", () => {
  it("streams an opening made over REST within a second: open.completed, then wallet.changed", async () => {
    const player = await newPlayer("20.00");
    let openedAt = 0;
    let opened: any;
    const stream = await readStream(
      `${baseUrl}/v1/events`,
      { headers: bearer(player.apiKey), until: (events) => events.length >= 2 },
      async () => {
        await sleep(300); // the stream is open
        openedAt = Date.now();
        opened = (await call("/v1/packs/mini-gadget-grab/open", { key: player.apiKey, method: "POST" })).json;
      },
    );
    const receivedAt = Date.now();
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.events.map((e) => e.event)).toEqual(["open.completed", "wallet.changed"]);
    expect(stream.events[0]!.data).toMatchObject({ type: "open.completed", data: opened });
    expect(stream.events[1]!.data.data).toMatchObject({ reason: "PACK_OPEN", balance: opened.balanceAfter, spinId: opened.spin.id });
    expect(Number(stream.events[1]!.id)).toBeGreaterThan(Number(stream.events[0]!.id));
    expect(receivedAt - openedAt).toBeLessThan(1_500);
  });

  it("replays exactly the missed events after Last-Event-ID, in order, none twice", async () => {
    const player = await newPlayer("20.00");
    const open = async () => {
      const { status, json } = await call("/v1/packs/mini-gadget-grab/open", { key: player.apiKey, method: "POST" });
      expect(status, JSON.stringify(json)).toBe(200);
    };
    const first = await readStream(`${baseUrl}/v1/events`, { headers: bearer(player.apiKey), until: (e) => e.length >= 2 }, async () => {
      await sleep(300);
      await open();
    });
    expect(
      first.events.map((e) => e.event),
      JSON.stringify(first.events.map((e) => [e.id, e.event])),
    ).toEqual(["open.completed", "wallet.changed"]);
    const lastSeen = first.events.at(-1)!.id!;
    // Disconnected: three more openings and a rotation happen meanwhile.
    for (let i = 0; i < 3; i++) await open();
    expect((await call("/v1/fairness/rotate", { key: player.apiKey, method: "POST", body: "{}" })).status).toBe(200);
    const resumed = await readStream(`${baseUrl}/v1/events`, {
      headers: { ...bearer(player.apiKey), "last-event-id": lastSeen },
      until: (e) => e.length >= 7,
      timeoutMs: 3_000,
    });
    expect(
      resumed.events.map((e) => e.event),
      JSON.stringify({ lastSeen, first: first.events.map((e) => [e.id, e.event]), resumed: resumed.events.map((e) => [e.id, e.event]) }),
    ).toEqual(["open.completed", "wallet.changed", "open.completed", "wallet.changed", "open.completed", "wallet.changed", "seed.rotated"]);
    const ids = resumed.events.map((e) => Number(e.id));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(resumed.events.map((e) => e.data.data.spin?.nonce).filter((n) => n !== undefined)).toEqual([1, 2, 3]);
  });

  it("refuses like every /v1 call: 401 without a key, 429 past 5 streams per key, 400 for a bad Last-Event-ID", async () => {
    const none = await fetch(`${baseUrl}/v1/events`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ code: "UNAUTHORIZED", message: expect.any(String) });
    const player = await newPlayer();
    const bad = await fetch(`${baseUrl}/v1/events`, { headers: { ...bearer(player.apiKey), "last-event-id": "abc" } });
    expect(bad.status).toBe(400);
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    try {
      const open = await Promise.all(
        controllers.map((c) => fetch(`${baseUrl}/v1/events`, { headers: bearer(player.apiKey), signal: c.signal })),
      );
      expect(open.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await fetch(`${baseUrl}/v1/events`, { headers: bearer(player.apiKey) });
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toMatchObject({ code: "RATE_LIMITED" });
      expect(sixth.headers.get("retry-after")).toBe("5");
    } finally {
      for (const c of controllers) c.abort();
    }
  });

  it("gives back the slot of every connect that ends before its stream opens: 20 clients gone during set-up, 10 refused", async () => {
    const player = await newPlayer();
    await abortedConnects(baseUrl, "/v1/events", bearer(player.apiKey), 20);
    for (let i = 0; i < 10; i++) {
      const refused = await fetch(`${baseUrl}/v1/events`, { headers: { ...bearer(player.apiKey), "last-event-id": "not-an-id" } });
      expect(refused.status).toBe(400);
    }
    const held: HeldStream[] = [];
    try {
      for (let i = 0; i < 5; i++) held.push(await holdStreamWithinOneSecond(`${baseUrl}/v1/events`, bearer(player.apiKey)));
      expect(
        held.map((s) => s.status),
        JSON.stringify(held.map((s) => s.body)),
      ).toEqual([200, 200, 200, 200, 200]);
      expect((await holdStream(`${baseUrl}/v1/events`, bearer(player.apiKey))).status).toBe(429);
    } finally {
      for (const stream of held) stream.close();
    }
  });

  it("ends the stream when its key is revoked", async () => {
    const player = await newPlayer();
    const stream = await readStream(
      `${baseUrl}/v1/events`,
      { headers: bearer(player.apiKey), until: (e) => e.some((x) => x.event === "key.revoked"), timeoutMs: 4_000 },
      async () => {
        await sleep(300);
        await admin("key:revoke", { key: player.apiKey });
      },
    );
    expect(stream.events.at(-1)).toMatchObject({ event: "key.revoked", data: { data: { start: expect.stringMatching(/^pp_live_/) } } });
  });
});

describe("GET /v1/drops", () => {
  it("streams recent and new openings to anyone, with the player's name masked, filtered by rarity", async () => {
    const player = await newPlayer("20.00");
    let opened: any;
    const isMine = (d: SseEvent) => opened !== undefined && d.data.item.id === opened.item.id && d.data.at >= before;
    const before = new Date().toISOString();
    const stream = await readStream(`${baseUrl}/v1/drops`, { until: (events) => events.some(isMine), timeoutMs: 4_000 }, async () => {
      await sleep(300);
      opened = (await call("/v1/packs/mini-gadget-grab/open", { key: player.apiKey, method: "POST" })).json;
    });
    const mine = stream.events.find(isMine);
    expect(mine?.data).toMatchObject({
      // 1.99 wagered: level 0 (the default table's level 1 starts at 100.00).
      level: 0,
      pack: { slug: "mini-gadget-grab", name: "Mini Gadget Grab", price: "1.99" },
      item: { name: opened.item.name, rarity: opened.item.rarity, value: opened.item.value },
    });
    expect(mine!.data.player).toMatch(/^.\*\*\*$/);
    expect(JSON.stringify(stream.events)).not.toContain(player.email);

    const legendary = await readStream(`${baseUrl}/v1/drops?minRarity=LEGENDARY`, { until: () => false, timeoutMs: 800 });
    expect(legendary.events.every((d) => d.data.item.rarity === "LEGENDARY")).toBe(true);
    const invalid = await fetch(`${baseUrl}/v1/drops?minRarity=SHINY`);
    expect(invalid.status).toBe(400);
  });
});

// A server of its own: the feed's rate limit (30 connects a minute per address) would refuse
// these connects before the slots they test; and a proxy in front of it (loopback) to trust.
describe("GET /v1/drops: streams per client address", () => {
  let server: ServerInstance;
  const drops = () => `${server.baseUrl}/v1/drops`;
  const from = (address: string) => ({ "x-forwarded-for": address });

  beforeAll(async () => {
    const env = { RATE_LIMIT_DROPS_PER_MINUTE: "1000", TRUSTED_PROXIES: "127.0.0.1" };
    server = await startServer({ env, label: "drops", ownDatabase: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a burst of 30 connects from one address: exactly 10 streams, 20 × 429 with Retry-After", async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => holdStream(drops())));
    try {
      expect(burst.filter((s) => s.status === 200)).toHaveLength(10);
      const refused = burst.filter((s) => s.status !== 200);
      expect(refused.map((s) => s.status)).toEqual(Array(20).fill(429));
      for (const refusal of refused) {
        expect(refusal.headers.get("retry-after")).toBe("5");
        expect(refusal.body).toMatchObject({ code: "RATE_LIMITED" });
      }
    } finally {
      for (const stream of burst) stream.close();
    }
  });

  it("gives back the slots of 20 connects whose client left during set-up: the address still opens 10 streams", async () => {
    const visitor = from("203.0.113.20");
    await abortedConnects(server.baseUrl, "/v1/drops", visitor, 20);
    const held: HeldStream[] = [];
    try {
      for (let i = 0; i < 10; i++) held.push(await holdStreamWithinOneSecond(drops(), visitor));
      expect(
        held.map((s) => s.status),
        JSON.stringify(held.map((s) => s.body)),
      ).toEqual(Array(10).fill(200));
      expect((await holdStream(drops(), visitor)).status).toBe(429);
    } finally {
      for (const stream of held) stream.close();
    }
  });

  it("counts each visitor behind a trusted proxy by its forwarded address, not the proxy's", async () => {
    const held: HeldStream[] = [];
    try {
      for (let i = 0; i < 10; i++) held.push(await holdStream(drops(), from("203.0.113.31")));
      expect(held.map((s) => s.status)).toEqual(Array(10).fill(200));
      expect((await holdStream(drops(), from("203.0.113.31"))).status).toBe(429);
      const other = await holdStream(drops(), from("203.0.113.32"));
      held.push(other);
      expect(other.status).toBe(200);
    } finally {
      for (const stream of held) stream.close();
    }
  });
});

describe("webhook endpoints (Settings → API, over tRPC)", () => {
  it("refuses targets on private, loopback or link-local addresses, and plain http", async () => {
    const password = "correct horse battery";
    const player = await admin("user:create", { email: `hooks-${Date.now()}@e2e.prizepacks.local`, password });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email: player.email, password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const create = (url: string) =>
      fetch(`${baseUrl}/api/trpc/webhooks.create`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, cookie },
        body: JSON.stringify({ url, eventTypes: ["open.completed"] }),
      });
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.0.0.8/hook",
      "https://169.254.169.254/latest",
      "https://[::1]/hook",
      "https://localhost:8443/hook",
      "http://93.184.216.34/hook",
      "https://[::127.0.0.1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[0:0:0:0:0:ffff:7f00:1]/hook",
    ]) {
      const response = await create(url);
      expect(response.status, url).toBe(400);
      expect((await response.json()).error.message, url).toMatch(/^url: /);
    }
  });
});
