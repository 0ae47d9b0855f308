import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AccountEvent } from "../events/account-events.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { claimRakeback } from "./claim-rakeback.ts";

// Receivers on loopback need demo mode's development flag; the service env is read once.
vi.stubEnv("HOST", "127.0.0.1");
vi.stubEnv("DEMO_MODE", "");
vi.stubEnv("WEBHOOKS_ALLOW_PRIVATE_TARGETS", "true");
const { createWebhookEndpoint } = await import("../webhooks/webhook-endpoints.ts");
const { startWebhookDelivery } = await import("../webhooks/deliver-webhooks.ts");
const { verifyWebhookSignature, SIGNATURE_HEADER } = await import("../webhooks/signature.ts");

const services = useTestServices();

// The rewards' events (#39), level.reached and reward.claimed, reach an account's webhook signed
// as every event does, and its live stream (the hub's account wakers, which /v1/events follows).

const received: Array<{ body: string; signature: string | undefined }> = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    received.push({ body, signature: req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined });
    res.writeHead(204).end();
  });
});
beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe("level.reached and reward.claimed", () => {
  it("are delivered to a webhook subscribed to them, signed, and to the account's live stream", async () => {
    const player = await createTestUser(services(), { balance: "400.00" });
    const endpoint = await createWebhookEndpoint(services(), {
      userId: player.userId,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      eventTypes: ["level.reached", "reward.claimed"],
    });
    const hub = await services().events();
    const streamed: AccountEvent[] = [];
    const stop = hub.watchAccount(player.userId, (event) => {
      if (event) streamed.push(event);
    });
    const worker = startWebhookDelivery(services());
    try {
      // The default table: level 1 from 100.00, level 2 from 200.00; rakeback from the second opening.
      const pack = await createTestPack(services(), { price: "100.00" });
      for (let i = 0; i < 3; i++) await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
      const { claim } = await claimRakeback(services(), player.userId);
      hub.readSoon();

      const wanted = [
        { type: "level.reached", data: { previousLevel: 0, level: 1 } },
        { type: "level.reached", data: { previousLevel: 1, level: 2 } },
        { type: "reward.claimed", data: { id: claim.id, source: "rakeback", amount: claim.amount } },
      ];
      await expect
        .poll(() => streamed.filter((event) => event.type === "level.reached" || event.type === "reward.claimed"), { timeout: 10_000 })
        .toMatchObject(wanted);
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(3);
      const bodies = received.map(({ body }) => JSON.parse(body) as AccountEvent).sort((a, b) => Number(a.id) - Number(b.id));
      expect(bodies).toMatchObject(wanted);
      for (const { body, signature } of received) expect(verifyWebhookSignature(signature, body, endpoint.secret)).toBeNull();
    } finally {
      stop();
      await worker.stop();
    }
  });
});
