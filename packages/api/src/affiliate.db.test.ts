import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { CLI_ACTOR, depositDemoFunds, setAffiliateSettings, setExclusion } from "@prizepacks/core";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { createContext } from "./context.ts";
import { createCaller } from "./root.ts";
import { type JsonAnswer, useRestServer } from "./testing/rest-server.ts";

// Creator codes (#39) over /v1 as a bot sees them, and through the web's procedures.
const { services, rest } = useRestServer();

type Answer = JsonAnswer;

const web = (userId: string) =>
  createCaller(createContext({ source: "web", services: services(), headers: new Headers(), resolveSessionUserId: async () => userId }));

/** Every opening wins the one 9.99 item: 1.12 of expected house take, 0.112 of commission. */
async function fixedPack() {
  return createTestPack(services(), {
    price: "11.11",
    items: [{ key: "mug", name: "Fixed Mug", rarity: "COMMON", value: "9.99", image: "/images/test.svg", tickets: 100_000 }],
  });
}

const uniqueCode = () => `R-${randomUUID().slice(0, 8)}`;

describe("POST /v1/affiliate/code, POST /v1/me/referral, GET /v1/affiliate, POST /v1/affiliate/claim", () => {
  it("creates a code, takes it once from a new account, earns commission and pays it once", async () => {
    const creator = await createTestUser(services());
    const code = uniqueCode();
    const created = await rest(creator.apiKey, "POST", "/v1/affiliate/code", {}, { code });
    expect(created).toMatchObject({ status: 201, body: { code, disabled: false } });
    expect(await rest(creator.apiKey, "POST", "/v1/affiliate/code", {}, { code: uniqueCode() })).toMatchObject({ status: 409 });
    expect(await rest(creator.apiKey, "POST", "/v1/affiliate/code", {}, { code: "x" })).toMatchObject({ status: 400 });
    expect(await rest(creator.apiKey, "POST", "/v1/me/referral", {}, { code })).toMatchObject({
      status: 403,
      body: { code: "REWARD_NOT_ELIGIBLE" },
    });

    const player = await createTestUser(services(), { balance: "200.00" });
    expect(await rest(player.apiKey, "GET", "/v1/me/referral")).toMatchObject({ status: 200, body: { referral: null, canEnter: true } });
    expect(await rest(player.apiKey, "POST", "/v1/me/referral", {}, { code: "NO-SUCH-CODE" })).toMatchObject({ status: 404 });
    const entered = await rest(player.apiKey, "POST", "/v1/me/referral", {}, { code: code.toLowerCase() });
    expect(entered).toMatchObject({ status: 201, body: { referral: { code }, canEnter: false } });
    expect(await rest(player.apiKey, "POST", "/v1/me/referral", {}, { code })).toMatchObject({ status: 409 });

    const pack = await fixedPack();
    for (let i = 0; i < 10; i++) expect((await rest(player.apiKey, "POST", `/v1/packs/${pack.slug}/open`)).status).toBe(200);
    const dashboard = await rest(creator.apiKey, "GET", "/v1/affiliate");
    expect(dashboard).toMatchObject({
      status: 200,
      body: { code: { code }, referrals: { count: 1, earning: 1, active: 1 }, commission: { available: "1.12", claimed: "0.00" } },
    });
    expect(JSON.stringify(dashboard.body)).not.toContain(player.userId);

    const key = randomUUID();
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => rest(creator.apiKey, "POST", "/v1/affiliate/claim", { "idempotency-key": key })),
    );
    // One key, one claim: each of the ten waits for the first to commit and answers its claim again.
    expect(claims.map((claim) => claim.status)).toEqual(Array(10).fill(201));
    for (const claim of claims)
      expect(claim.body.claim).toMatchObject({ id: claims[0]!.body.claim.id, source: "commission", amount: "1.12" });
    expect(await rest(creator.apiKey, "POST", "/v1/affiliate/claim")).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    const ledger = await rest(creator.apiKey, "GET", "/v1/wallet/ledger");
    expect(ledger.body.entries.filter((entry: Answer) => entry.kind === "REWARD")).toEqual([
      expect.objectContaining({ kind: "REWARD", amount: "1.12" }),
    ]);
  });

  it("refuses a creator on a time-out with 403 EXCLUDED on REST and tRPC, keeping what accrued", async () => {
    const creator = await createTestUser(services());
    const code = uniqueCode();
    await web(creator.userId).affiliate.createCode({ code });
    const player = await createTestUser(services(), { balance: "50.00" });
    await web(player.userId).me.referral.enter({ code });
    const pack = await fixedPack();
    expect((await rest(player.apiKey, "POST", `/v1/packs/${pack.slug}/open`)).status).toBe(200);
    await setExclusion(services(), creator.userId, { period: "24h" }, { player: true });
    expect(await rest(creator.apiKey, "POST", "/v1/affiliate/claim")).toMatchObject({ status: 403, body: { code: "EXCLUDED" } });
    await expect(web(creator.userId).affiliate.claim({})).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await web(creator.userId).affiliate.get({})).commission).toMatchObject({ available: "0.00", accrued: "0.11" });
  });
});

describe("POST /v1/me/referral/welcome", () => {
  it("opens the welcome reward once after the first deposit (201), 403 before it, 409 after", async () => {
    const creator = await createTestUser(services());
    const code = uniqueCode();
    await web(creator.userId).affiliate.createCode({ code });
    const pack = await fixedPack();
    await setAffiliateSettings(services(), CLI_ACTOR, { welcomePack: pack.slug, welcomeOpenings: 2 });
    const player = await createTestUser(services());
    await rest(player.apiKey, "POST", "/v1/me/referral", {}, { code });
    expect(await rest(player.apiKey, "POST", "/v1/me/referral/welcome")).toMatchObject({
      status: 403,
      body: { code: "REWARD_NOT_ELIGIBLE" },
    });
    await depositDemoFunds(services(), { userId: player.userId, amount: "5.00" });
    const opened = await rest(player.apiKey, "POST", "/v1/me/referral/welcome", { "idempotency-key": randomUUID() });
    expect(opened.status).toBe(201);
    expect(opened.body.openings).toHaveLength(2);
    expect(await rest(player.apiKey, "POST", "/v1/me/referral/welcome")).toMatchObject({ status: 409 });
    expect((await web(player.userId).me.referral.get({})).referral?.welcome).toMatchObject({
      claimable: false,
      claimedAt: expect.any(String),
    });
  });
});
