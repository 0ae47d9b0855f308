import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditInvariants } from "../audit/audit.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";

// Webhooks to a receiver on loopback need the development flag; the service env is read once.
vi.stubEnv("HOST", "127.0.0.1");
vi.stubEnv("DEMO_MODE", "");
vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
vi.stubEnv("WEBHOOK_RETRY_DELAYS_SECONDS", "1");
const { createWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints, resendWebhookDelivery, setWebhookEndpointEnabled } =
  await import("./webhook-endpoints.ts");
const { deliverDueWebhooks } = await import("./deliver-webhooks.ts");
const { verifyWebhookSignature } = await import("./signature.ts");

const services = useTestServices();

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A receiver that answers `statuses` in turn (then 200), remembering every request. */
function receiver() {
  const received: Received[] = [];
  let statuses: number[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  return {
    received,
    failNext: (...codes: number[]) => (statuses = codes),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sink = receiver();
let url: string;
beforeAll(async () => {
  url = await sink.listen();
});
afterAll(() => sink.close());
afterEach(() => (sink.received.length = 0));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("webhooks", () => {
  it("queues one delivery per registered type in the change's own transaction, delivered once by racing instances, signed", async () => {
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const endpoint = await createWebhookEndpoint(services(), { userId: user.userId, url, eventTypes: ["open.completed"] });
    expect(endpoint.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const opened = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    // Two instances' delivery passes at the same moment: SKIP LOCKED gives the delivery to one.
    const attempted = await Promise.all([deliverDueWebhooks(services()), deliverDueWebhooks(services()), deliverDueWebhooks(services())]);
    expect(attempted.reduce((a, b) => a + b, 0)).toBe(1);
    expect(sink.received).toHaveLength(1);
    const [delivery] = sink.received;
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ type: "open.completed", data: { spin: { id: opened.spin.id }, balanceAfter: 9 } });
    expect(delivery!.headers["prizepacks-event-type"]).toBe("open.completed");
    expect(verifyWebhookSignature(delivery!.headers["prizepacks-signature"] as string, delivery!.body, endpoint.secret)).toBeNull();
    const log = await listWebhookDeliveries(services(), { userId: user.userId, endpointId: endpoint.id });
    expect(log.map((d) => [d.status, d.attempts, d.lastStatusCode])).toEqual([["delivered", 1, 200]]);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("retries a failing receiver with backoff and delivers on the fourth attempt, with a valid signature", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const endpoint = await createWebhookEndpoint(services(), { userId: user.userId, url, eventTypes: ["wallet.changed"] });
    sink.failNext(500, 503, 404);
    const { creditWallet } = await import("../wallet/wallet.ts");
    const { parseMoney } = await import("../money.ts");
    await creditWallet(services(), { userId: user.userId, amount: parseMoney("2.50") });
    for (let pass = 0; pass < 12 && sink.received.length < 4; pass++) {
      await deliverDueWebhooks(services());
      await sleep(350);
    }
    expect(sink.received).toHaveLength(4);
    const last = sink.received[3]!;
    expect(verifyWebhookSignature(last.headers["prizepacks-signature"] as string, last.body, endpoint.secret)).toBeNull();
    expect(JSON.parse(last.body)).toMatchObject({ type: "wallet.changed", data: { balance: 12.5, amount: "2.50", reason: "DEPOSIT" } });
    const [logged] = await listWebhookDeliveries(services(), { userId: user.userId, endpointId: endpoint.id });
    expect(logged).toMatchObject({ status: "delivered", attempts: 4, lastStatusCode: 200 });

    // Resend: the same event again, as a new delivery in the log.
    await resendWebhookDelivery(services(), { userId: user.userId, deliveryId: logged!.id });
    await deliverDueWebhooks(services());
    expect(sink.received[4]!.body).toBe(last.body);
    expect(await listWebhookDeliveries(services(), { userId: user.userId, endpointId: endpoint.id })).toHaveLength(2);
    // Another account cannot resend it.
    const stranger = await createTestUser(services());
    await expectAppError(resendWebhookDelivery(services(), { userId: stranger.userId, deliveryId: logged!.id }), "NOT_FOUND");
  });
});

describe("webhook endpoints: at most 5 enabled per account", () => {
  const enabledCount = async (userId: string) => (await listWebhookEndpoints(services(), userId)).filter((e) => e.enabled).length;

  it("refuses enabling a sixth, however the endpoints came to be disabled", async () => {
    const user = await createTestUser(services());
    const create = () => createWebhookEndpoint(services(), { userId: user.userId, url, eventTypes: ["open.completed"] });
    const first = [await create(), await create(), await create(), await create(), await create()];
    await expectAppError(create(), "CONFLICT");
    // Disable one, create another in its place: five enabled again.
    await setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: first[0]!.id, enabled: false });
    await create();
    const refused = await expectAppError(
      setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: first[0]!.id, enabled: true }),
      "CONFLICT",
    );
    expect(refused.message).toMatch(/at most 5 enabled/);
    expect(await enabledCount(user.userId)).toBe(5);
    // Enabling one already enabled changes nothing and is not refused.
    await expect(
      setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: first[1]!.id, enabled: true }),
    ).resolves.toMatchObject({
      enabled: true,
    });
    // With a place free it is enabled again.
    await setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: first[1]!.id, enabled: false });
    await expect(
      setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: first[0]!.id, enabled: true }),
    ).resolves.toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    expect(await enabledCount(user.userId)).toBe(5);
  });

  it("holds when enables race: ten disabled endpoints enabled at once, five succeed", async () => {
    const user = await createTestUser(services());
    const ids: string[] = [];
    for (let round = 0; round < 2; round++) {
      const made = [];
      for (let i = 0; i < 5; i++)
        made.push(await createWebhookEndpoint(services(), { userId: user.userId, url, eventTypes: ["open.completed"] }));
      for (const endpoint of made)
        await setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId: endpoint.id, enabled: false });
      ids.push(...made.map((endpoint) => endpoint.id));
    }
    const outcomes = await Promise.allSettled(
      ids.map((endpointId) => setWebhookEndpointEnabled(services(), { userId: user.userId, endpointId, enabled: true })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    const refusals = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => o.reason.code);
    expect(refusals).toEqual(["CONFLICT", "CONFLICT", "CONFLICT", "CONFLICT", "CONFLICT"]);
    expect(await enabledCount(user.userId)).toBe(5);
  });
});

describe("webhook signatures, as a receiver checks them", () => {
  it("accepts a genuine delivery and detects a forged or stale one", async () => {
    const { signWebhookPayload } = await import("./signature.ts");
    const secret = "whsec_test";
    const body = '{"id":"1","type":"open.completed"}';
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(signWebhookPayload(secret, body, now), body, secret, { nowSeconds: now })).toBeNull();
    expect(verifyWebhookSignature(signWebhookPayload(secret, body, now), body.replace("1", "2"), secret, { nowSeconds: now })).toBe(
      "mismatch",
    );
    expect(verifyWebhookSignature(signWebhookPayload("whsec_other", body, now), body, secret, { nowSeconds: now })).toBe("mismatch");
    expect(verifyWebhookSignature(signWebhookPayload(secret, body, now - 600), body, secret, { nowSeconds: now })).toBe("stale");
    expect(verifyWebhookSignature("t=1,v1=zz", body, secret)).toBe("malformed");
    expect(verifyWebhookSignature(undefined, body, secret)).toBe("missing");
  });
});
