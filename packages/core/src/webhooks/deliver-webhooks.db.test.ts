import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseMoney } from "../money.ts";
import { createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { creditWallet } from "../wallet/wallet.ts";

// Receivers on loopback need demo mode's development flag; the service env is read once.
vi.stubEnv("HOST", "127.0.0.1");
vi.stubEnv("DEMO_MODE", "");
vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
const { createWebhookEndpoint, listWebhookDeliveries } = await import("./webhook-endpoints.ts");
const { startWebhookDelivery } = await import("./deliver-webhooks.ts");

const services = useTestServices();
const database = () => services().database;

/** An HTTP server on loopback; `handle` decides whether (and when) to answer. */
async function listen(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("webhook delivery worker: one account's slow receivers", () => {
  // Accepts every request and never answers: each delivery holds its slot until our timeout.
  let requestsToSlow = 0;
  let slow: Awaited<ReturnType<typeof listen>>;
  // Answers at once, remembering when each event type arrived.
  const arrivals: Array<{ type: string; at: number }> = [];
  let fast: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    slow = await listen(() => void requestsToSlow++);
    fast = await listen((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        arrivals.push({ type: JSON.parse(body).type, at: Date.now() });
        res.writeHead(204).end();
      });
    });
  });
  let worker: ReturnType<typeof startWebhookDelivery> | undefined;
  afterAll(async () => {
    await slow?.close();
    await worker?.stop();
    await fast?.close();
  });

  it("hold back another account's delivery by well under 2 s, and are given up at the response timeout", async () => {
    const db = database().prisma;
    // Account A: five endpoints (the cap) on a receiver that never answers, and a backlog of
    // 40 events × 5 endpoints = 200 deliveries, more than an instance's in-flight slots.
    const a = await createTestUser(services());
    for (let i = 0; i < 5; i++)
      await createWebhookEndpoint(services(), { userId: a.userId, url: slow.url(`/a${i}`), eventTypes: ["wallet.changed"] });
    for (let i = 0; i < 40; i++) await creditWallet(services(), { userId: a.userId, amount: parseMoney("1.00") });
    // Account B: one endpoint on a receiver that answers at once.
    const b = await createTestUser(services());
    await createWebhookEndpoint(services(), { userId: b.userId, url: fast.url("/b"), eventTypes: ["wallet.changed"] });

    worker = startWebhookDelivery(services());
    // A's deliveries are in flight (the worker polls twice a second).
    for (let waited = 0; requestsToSlow === 0 && waited < 5_000; waited += 50) await sleep(50);
    expect(requestsToSlow).toBeGreaterThan(0);
    await sleep(300);

    const sentAt = Date.now();
    await creditWallet(services(), { userId: b.userId, amount: parseMoney("1.00") });
    for (let waited = 0; arrivals.length === 0 && waited < 15_000; waited += 25) await sleep(25);
    const delayMs = arrivals.length ? arrivals[0]!.at - sentAt : Number.POSITIVE_INFINITY;
    console.log(`[fairness] B's delivery took ${delayMs} ms with A's ${requestsToSlow} requests to a receiver that never answers`);
    expect(delayMs).toBeLessThan(2_000);
    // A's requests are given up at the response timeout, which frees their slots.
    const aEndpoint = (await db.webhookEndpoint.findFirstOrThrow({ where: { userId: a.userId } })).id;
    let aErrors: Array<string | null> = [];
    for (let waited = 0; !aErrors.some(Boolean) && waited < 15_000; waited += 100) {
      await sleep(100);
      aErrors = (await listWebhookDeliveries(services(), { userId: a.userId, endpointId: aEndpoint })).map((d) => d.lastError);
    }
    expect(aErrors.find(Boolean)).toBe("no response within 3 s of connecting");
    // A's backlog stays behind: out of the next tests' way.
    await db.webhookEndpoint.updateMany({ where: { userId: a.userId }, data: { enabled: false } });
  });
});

describe("webhook delivery worker: stop", () => {
  it("aborts the sends in flight and gives their deliveries back to the queue at once, unattempted", async () => {
    const db = database().prisma;
    let requests = 0;
    const hanging = await listen(() => void requests++);
    const user = await createTestUser(services());
    const endpoint = await createWebhookEndpoint(services(), {
      userId: user.userId,
      url: hanging.url("/hang"),
      eventTypes: ["wallet.changed"],
    });
    await creditWallet(services(), { userId: user.userId, amount: parseMoney("1.00") });
    const worker = startWebhookDelivery(services());
    try {
      for (let waited = 0; requests === 0 && waited < 5_000; waited += 50) await sleep(50);
      expect(requests).toBe(1);
      const claimed = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      expect(claimed.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(claimed.attempts).toBe(1);
    } finally {
      await worker.stop();
      await hanging.close();
    }
    const released = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(released).toMatchObject({ status: "pending", lockedUntil: null, attempts: 0, lastError: null });
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
  });
});

describe("webhook delivery under production rules: an endpoint only demo mode allowed", () => {
  /** The delivery and endpoint modules as an instance with this HOST runs them (the service env is read once per module graph). */
  async function modulesAs(host: string) {
    vi.resetModules();
    vi.stubEnv("HOST", host);
    return { ...(await import("./deliver-webhooks.ts")), ...(await import("./webhook-endpoints.ts")) };
  }
  afterEach(() => vi.stubEnv("HOST", "127.0.0.1"));

  it("is not delivered to: it is disabled with the reason its owner sees, the delivery left unattempted, and it cannot be enabled again", async () => {
    let received = 0;
    const receiver = await listen((req, res) => {
      received++;
      res.writeHead(204).end();
    });
    try {
      // Registered in demo mode with WEBHOOKS_ALLOW_PRIVATE_TARGETS: http:// on loopback, and https:// to an address literal.
      const user = await createTestUser(services());
      const plain = await createWebhookEndpoint(services(), {
        userId: user.userId,
        url: receiver.url("/plain"),
        eventTypes: ["wallet.changed"],
      });
      const literal = await createWebhookEndpoint(services(), {
        userId: user.userId,
        url: "https://[::ffff:7f00:1]:9/literal",
        eventTypes: ["wallet.changed"],
      });
      await creditWallet(services(), { userId: user.userId, amount: parseMoney("1.00") });

      // The same database, an instance in production mode (the flag is still set, and ignored there).
      const production = await modulesAs("0.0.0.0");
      expect(await production.deliverDueWebhooks(services())).toBe(2);
      expect(received).toBe(0);
      const endpoints = await production.listWebhookEndpoints(services(), user.userId);
      expect(endpoints.find((e) => e.id === plain.id)).toMatchObject({
        enabled: false,
        disabledReason: "Disabled by the server: its URL must start with https:// (webhooks are delivered over https:// only).",
      });
      expect(endpoints.find((e) => e.id === literal.id)).toMatchObject({
        enabled: false,
        disabledReason: expect.stringMatching(/^Disabled by the server: its URL must point at a public address/),
      });
      const [delivery] = await production.listWebhookDeliveries(services(), { userId: user.userId, endpointId: plain.id });
      expect(delivery).toMatchObject({ status: "pending", attempts: 0, lastError: expect.stringMatching(/^Disabled by the server/) });
      expect(await production.deliverDueWebhooks(services())).toBe(0);

      const refused = production.setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: plain.id, enabled: true });
      await expect(refused).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^url: must start with https:\/\//),
      });
      expect(received).toBe(0);

      // Back in demo mode with the flag, its owner can enable it, and the waiting delivery goes out.
      const demo = await modulesAs("127.0.0.1");
      await expect(
        demo.setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: plain.id, enabled: true }),
      ).resolves.toMatchObject({ enabled: true, disabledReason: null });
      expect(await demo.deliverDueWebhooks(services())).toBe(1);
      expect(received).toBe(1);
      expect(await listWebhookDeliveries(services(), { userId: user.userId, endpointId: plain.id })).toMatchObject([
        { status: "delivered", attempts: 1 },
      ]);
    } finally {
      await receiver.close();
    }
  });
});
