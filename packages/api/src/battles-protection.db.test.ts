import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServices } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { startRestServer, type RestServer } from "./testing/rest-server.ts";

// A battle refused by player protection answers over REST as an opening does: the same 403,
// code and details, from the same writer. The REST facade on a loopback server of ours.
let services: Awaited<ReturnType<typeof openServices>>;
let app: RestServer | undefined;
let appUrl: string;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
  appUrl = app.url;
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
});

async function rest(apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("POST /v1/battles/{id}/bots under a time-out", () => {
  it("answers the 403 EXCLUDED an opening gives, with the same details; the battle stays open", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const { userId, apiKey } = await createTestUser(services, { balance: "10.00" });
    const created = await rest(apiKey, "POST", "/v1/battles", { packs: [pack.slug], layout: "1v1", winRule: "highest" });
    expect(created.status).toBe(200);
    // A time-out that began with the battle open and left it so (set before time-outs cancelled battles).
    await services.database.sql.query(
      `INSERT INTO player_exclusion (id, "userId", kind, period, "endsAt", "setBy") VALUES ($1, $2, 'timeout', '24h', now() + interval '24 hours', 'player')`,
      [`excl-${userId}`, userId],
    );
    const opening = await rest(apiKey, "POST", `/v1/packs/${pack.slug}/open`);
    const bots = await rest(apiKey, "POST", `/v1/battles/${String(created.body.id)}/bots`);
    expect(opening).toMatchObject({ status: 403, body: { code: "EXCLUDED", kind: "timeout", period: "24h" } });
    expect(bots).toEqual(opening);
    expect((await rest(apiKey, "GET", `/v1/battles/${String(created.body.id)}`)).body).toMatchObject({ status: "open" });
    expect((await rest(apiKey, "GET", "/v1/wallet")).body).toMatchObject({ balanceString: "9.00" });
  });
});
