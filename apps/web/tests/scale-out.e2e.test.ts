import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, parseMoney, publishPackOdds, setPackActive, setUserFlags } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { createTestDatabase } from "@prizepacks/core/testing";
import { openDatabase, type Database } from "@prizepacks/db/client";
import { startServer, type ServerInstance } from "./server-instance.ts";
import { readStream } from "./sse.ts";

// Two app instances on one PostgreSQL database and one Redis, as behind a load balancer.
const runs = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` passes; fails if that takes longer than `withinMs`. Returns the time taken. */
async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await sleep(25);
  }
  return Date.now() - started;
}

describe.skipIf(!runs)("two instances on one database and one Redis", () => {
  let a: ServerInstance;
  let b: ServerInstance;
  let database: Database;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    dropDatabase = created.drop;
    // Shared by both, as a deployment would: the database, Redis and its key space, the session secret.
    const env = {
      DATABASE_URL: created.url,
      RATE_LIMIT_PREFIX: `scale-${randomUUID()}`,
      BETTER_AUTH_SECRET: randomUUID() + randomUUID(),
      // A webhook receiver on loopback (demo mode's development flag).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true",
    };
    a = await startServer({ label: "instance-a", env });
    b = await startServer({ label: "instance-b", env });
    database = await openDatabase({ url: created.url, waits: "operator" });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await dropDatabase?.();
  });

  const call = async (instance: ServerInstance, path: string, key: string, init: RequestInit = {}) => {
    const response = await fetch(`${instance.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
    return { status: response.status, json: await response.json() };
  };
  const newPlayer = async (password?: string) =>
    createUser(await openServices(database), {
      email: `scale-${randomUUID().slice(0, 8)}@e2e.prizepacks.local`,
      balance: parseMoney("100.00"),
      password,
    });

  it("holds a key's open limit across both: 30 counted opens in all, then 429 on either", async () => {
    const player = await newPlayer();
    for (let i = 0; i < 30; i++) {
      const { status } = await call(i % 2 ? a : b, "/v1/packs/no-such-pack/open", player.apiKey, { method: "POST" });
      expect(status).toBe(404);
    }
    expect((await call(a, "/v1/packs/no-such-pack/open", player.apiKey, { method: "POST" })).status).toBe(429);
    expect((await call(b, "/v1/boxes/no-such-pack/open", player.apiKey, { method: "POST" })).status).toBe(429);
  });

  it("lets one account open on both in turn: each instance draws at the nonce the other left", async () => {
    const player = await newPlayer();
    const nonces = [];
    for (let i = 0; i < 6; i++) {
      const opened = await call(i % 2 ? a : b, "/v1/packs/mini-gadget-grab/open", player.apiKey, { method: "POST" });
      expect(opened.status).toBe(200);
      nonces.push(opened.json.spin.nonce);
    }
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("delivers a webhook once although both instances deliver, and streams it to a client of the other instance", async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const player = await newPlayer();
      await database.prisma.webhookEndpoint.create({
        data: {
          userId: player.userId,
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
          secret: "whsec_test",
          eventTypes: ["open.completed"],
        },
      });
      let opened: { spin: { id: string } } | undefined;
      const stream = await readStream(
        `${b.baseUrl}/v1/events`,
        { headers: { authorization: `Bearer ${player.apiKey}` }, until: (e) => e.length >= 1 },
        async () => {
          await sleep(300);
          opened = (await call(a, "/v1/packs/mini-gadget-grab/open", player.apiKey, { method: "POST" })).json;
        },
      );
      expect(stream.events[0]).toMatchObject({ event: "open.completed", data: { data: { spin: { id: opened!.spin.id } } } });
      await within(5_000, async () => received.length >= 1);
      await sleep(1_500); // both instances poll twice a second: a second delivery would have come by now
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!)).toMatchObject({ type: "open.completed", data: { spin: { id: opened!.spin.id } } });
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("replays an Idempotency-Key sent to the other instance, opening once", async () => {
    const player = await newPlayer();
    const headers = { "idempotency-key": `order-${randomUUID()}` };
    const first = await call(a, "/v1/packs/mini-gadget-grab/open", player.apiKey, { method: "POST", headers });
    const retry = await call(b, "/v1/packs/mini-gadget-grab/open", player.apiKey, { method: "POST", headers });
    expect(first.status).toBe(200);
    expect(retry.json).toEqual(first.json);
    expect(await database.prisma.spin.count({ where: { userId: player.userId } })).toBe(1);
  });

  it("refuses on one a key revoked on the other within a second", async () => {
    const password = "correct horse battery";
    const player = await newPlayer(password);
    expect((await call(b, "/v1/me", player.apiKey)).status).toBe(200); // B holds it in memory now
    // Revoked in the web app on A: sign in there and call the same procedure the settings page does.
    const signIn = await fetch(`${a.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.baseUrl },
      body: JSON.stringify({ email: player.email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const revoked = await fetch(`${a.baseUrl}/api/trpc/keys.revoke`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: a.baseUrl, cookie },
      body: JSON.stringify({ id: player.apiKeyId }),
    });
    expect(revoked.status).toBe(200);
    const took = await within(1_000, async () => (await call(b, "/v1/me", player.apiKey)).status === 401);
    expect(took).toBeLessThanOrEqual(1_000);
  });

  it("refuses a banned account, and stops serving a deactivated pack or old odds, on both within a second", async () => {
    const player = await newPlayer();
    const slug = "budget-tech-drop";
    for (const instance of [a, b]) {
      expect((await call(instance, "/v1/me", player.apiKey)).status).toBe(200);
      expect((await call(instance, `/v1/packs/${slug}`, player.apiKey)).status).toBe(200);
    }
    // Written by a third party (the admin CLI's way): neither instance made the change.
    await setUserFlags(await openServices(database), player.email, { banned: true });
    for (const instance of [a, b]) await within(1_000, async () => (await call(instance, "/v1/me", player.apiKey)).status === 403);

    const other = await newPlayer();
    const pack = await database.prisma.pack.findUniqueOrThrow({
      where: { slug },
      include: { currentOddsVersion: { include: { ranges: true } } },
    });
    const ranges = [...pack.currentOddsVersion!.ranges].sort((x, y) => x.ticketFrom - y.ticketFrom);
    // Move one ticket from the last item to the first: a new odds version with a new hash.
    const tickets = ranges.map((r) => r.ticketTo - r.ticketFrom + 1);
    tickets[0]! += 1;
    tickets[tickets.length - 1]! -= 1;
    const version = await publishPackOdds(await openServices(database), {
      packId: pack.id,
      items: ranges.map((r, i) => ({ itemId: r.itemId, tickets: tickets[i]! })),
    });
    for (const instance of [a, b]) {
      await within(1_000, async () => (await call(instance, `/v1/packs/${slug}`, other.apiKey)).json.oddsHash === version.oddsHash);
    }
    const opened = await call(b, `/v1/packs/${slug}/open`, other.apiKey, { method: "POST" });
    expect(opened.json.fairness.oddsHash).toBe(version.oddsHash);

    await setPackActive(await openServices(database), { slug, active: false });
    for (const instance of [a, b])
      await within(1_000, async () => (await call(instance, `/v1/packs/${slug}`, other.apiKey)).status === 404);
  });
});
