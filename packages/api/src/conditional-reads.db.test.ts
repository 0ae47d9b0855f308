import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServices } from "@prizepacks/core/server";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { openTestDatabase } from "@prizepacks/core/testing";
import { settledBattle, withBeaconAhead } from "@prizepacks/core/testing/battles";
import { startRestServer, type RestServer } from "./testing/rest-server.ts";

// Conditional reads over HTTP (#41): the catalogue and a settled battle carry a strong ETag; an
// If-None-Match naming it is a 304 with no body that the caller's rate limit does not count.

type Services = Awaited<ReturnType<typeof openServices>>;
let services: Services;
let app: RestServer | undefined;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
});

async function get(apiKey: string, path: string, etag?: string) {
  const response = await fetch(`${app!.url}${path}`, {
    headers: { authorization: `Bearer ${apiKey}`, ...(etag !== undefined && { "if-none-match": etag }) },
  });
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    cacheControl: response.headers.get("cache-control"),
    remaining: Number(response.headers.get("ratelimit-remaining")),
    text: await response.text(),
  };
}

async function within<T>(ms: number, attempt: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe("conditional reads", () => {
  it("answer 304 to a current ETag without counting it, and 200 to any other", async () => {
    const pack = await createTestPack(services, { price: "3.00" });
    const { apiKey } = await createTestUser(services);
    for (const path of ["/v1/packs", `/v1/packs/${pack.slug}`, `/v1/boxes/${pack.slug}`]) {
      const first = await get(apiKey, path);
      expect(first.status, path).toBe(200);
      expect(first.etag, path).toMatch(/^"[\w-]{32}"$/);
      expect(first.cacheControl).toBe("no-cache");
      const again = await get(apiKey, path, first.etag!);
      expect(again).toMatchObject({ status: 304, etag: first.etag, text: "" });
      // Not counted: the remaining count is what the 200 left, and the next 200 takes one.
      expect(again.remaining).toBe(first.remaining);
      expect(await get(apiKey, path, `W/${first.etag}, "other"`)).toMatchObject({ status: 304 });
      expect((await get(apiKey, path)).remaining).toBe(first.remaining - 1);
      expect(await get(apiKey, path, '"not-it"')).toMatchObject({ status: 200, etag: first.etag });
    }
  });

  it.skipIf(!process.env.DATABASE_URL)("answer 200 with a new ETag once another writer changed the pack", async () => {
    const pack = await createTestPack(services, { price: "3.00" });
    const { apiKey } = await createTestUser(services);
    const before = await get(apiKey, `/v1/packs/${pack.slug}`);
    expect(await get(apiKey, `/v1/packs/${pack.slug}`, before.etag!)).toMatchObject({ status: 304 });
    // Written over the database, as another instance or the admin CLI would: the change feed tells this one.
    await services.database.sql.query(`UPDATE pack SET name = 'Renamed' WHERE id = $1`, [pack.id]);
    const after = await within(2_000, async () => {
      const answer = await get(apiKey, `/v1/packs/${pack.slug}`, before.etag!);
      expect(answer.status).toBe(200);
      return answer;
    });
    expect(JSON.parse(after.text)).toMatchObject({ name: "Renamed" });
    expect(after.etag).not.toBe(before.etag);
    expect((await get(apiKey, "/v1/packs", before.etag!)).status).toBe(200);
  });

  it("a settled battle: its ETag holds while nothing changes; an unknown battle is still a 404", async () => {
    const battles = await withBeaconAhead(services);
    const pack = await createTestPack(battles, { price: "1.00" });
    const [a, b] = [await createTestUser(battles, { balance: "10.00" }), await createTestUser(battles, { balance: "10.00" })];
    const { battleId } = await settledBattle(battles, a.userId, b.userId, [pack.slug]);
    const first = await get(a.apiKey, `/v1/battles/${battleId}`);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toMatchObject({ status: "settled" });
    expect(await get(a.apiKey, `/v1/battles/${battleId}`, first.etag!)).toMatchObject({ status: 304, text: "" });
    const missing = await get(a.apiKey, "/v1/battles/no-such-battle", first.etag!);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ code: "NOT_FOUND" });
  });
});
