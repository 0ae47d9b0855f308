import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { CLI_ACTOR, createPromoCode, setExclusion, setLimit, setRewardLevel, setRewardMoneySetting } from "@prizepacks/core";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { createContext } from "./context.ts";
import { createCaller } from "./root.ts";
import { type JsonAnswer, useRestServer } from "./testing/rest-server.ts";

// Rewards (#39) over /v1 as a bot sees them, and through the web's procedures: the rakeback
// claimed once, and every safeguard refusing alike on both (403 with the reason).
const { services, rest } = useRestServer();

type Answer = JsonAnswer;

const web = (userId: string) =>
  createCaller(createContext({ source: "web", services: services(), headers: new Headers(), resolveSessionUserId: async () => userId }));

/**
 * An account that opened a 100.00 pack three times (take 10.40 each): 1.09 of rakeback claimable.
 * The pack's one item is worth 89.60, so every opening loses 10.40 whatever the draw: a loss limit
 * of 1.00 is then surely reached (with the default pack's rare at 2× it was not, one run in four).
 */
async function player() {
  const sureLoss = {
    key: "only",
    name: "Sure Loss",
    rarity: "COMMON",
    value: "89.60",
    image: "/images/test.svg",
    tickets: 100_000,
  } as const;
  const pack = await createTestPack(services(), { price: "100.00", items: [sureLoss] });
  const user = await createTestUser(services(), { balance: "400.00" });
  for (let i = 0; i < 3; i++) expect((await rest(user.apiKey, "POST", `/v1/packs/${pack.slug}/open`)).status).toBe(200);
  return user;
}

describe("GET /v1/rewards", () => {
  it("answers the level, XP, next level, rakeback available and the daily case", async () => {
    const { apiKey } = await player();
    const answer = await rest(apiKey, "GET", "/v1/rewards");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      offered: true,
      refusal: null,
      level: 2,
      xp: 30_000,
      nextLevel: { level: 3, remaining: "100.00" },
      rakeback: { available: "1.09", rateBps: 553 },
      dailyCase: { enabled: true, nextAt: null },
    });
    expect(answer.body.levels).toHaveLength(21);
  });
});

describe("POST /v1/rewards/rakeback/claim", () => {
  it("credits 1.09 once as a REWARD entry, replays its Idempotency-Key, and has nothing more to give", async () => {
    const { apiKey } = await player();
    const key = randomUUID();
    const first = await rest(apiKey, "POST", "/v1/rewards/rakeback/claim", { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ claim: { source: "rakeback", amount: "1.09" }, balanceAfter: expect.any(Number) });
    const replay = await rest(apiKey, "POST", "/v1/rewards/rakeback/claim", { "idempotency-key": key });
    expect(replay.body.claim.id).toBe(first.body.claim.id);
    const again = await rest(apiKey, "POST", "/v1/rewards/rakeback/claim");
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    const ledger = await rest(apiKey, "GET", "/v1/wallet/ledger");
    expect(ledger.body.entries.filter((entry: Answer) => entry.kind === "REWARD")).toEqual([
      expect.objectContaining({ kind: "REWARD", amount: "1.09" }),
    ]);
  });

  it("says when the daily budget is spent: 409 REWARD_BUDGET_SPENT with Retry-After", async () => {
    const { apiKey } = await player();
    await setRewardMoneySetting(services(), CLI_ACTOR, { setting: "reward_daily_budget", value: "0.00" });
    try {
      const answer = await rest(apiKey, "POST", "/v1/rewards/rakeback/claim");
      expect(answer).toMatchObject({ status: 409, body: { code: "REWARD_BUDGET_SPENT" } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await setRewardMoneySetting(services(), CLI_ACTOR, { setting: "reward_daily_budget", value: "1000.00" });
    }
  });
});

describe("POST /v1/rewards/daily", () => {
  it("opens the level's daily case once (201, an opening's shape with fairness), then 409 with Retry-After; history lists it as daily", async () => {
    const daily = await createTestPack(services(), { price: "2.00" });
    await setRewardLevel(services(), CLI_ACTOR, { level: 2, threshold: "200.00", rakebackBps: 553, dailyPack: daily.slug });
    const { apiKey } = await player();
    const opened = await rest(apiKey, "POST", "/v1/rewards/daily");
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      spin: { packId: daily.id, nonce: 3 },
      fairness: { nonce: 3 },
      claim: { source: "daily", cost: "2.00" },
    });
    const again = await rest(apiKey, "POST", "/v1/rewards/daily");
    expect(again).toMatchObject({ status: 409, body: { code: "CONFLICT" } });
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(86_000);
    const history = await rest(apiKey, "GET", "/v1/history");
    expect(history.body.spins.find((spin: Answer) => spin.id === opened.body.spin.id)).toMatchObject({ kind: "daily", price: "0.00" });
  });

  it("refuses a time-out with 403 EXCLUDED on REST and tRPC", async () => {
    const { apiKey, userId } = await player();
    await setExclusion(services(), userId, { period: "24h" }, { player: true });
    expect(await rest(apiKey, "POST", "/v1/rewards/daily")).toMatchObject({ status: 403, body: { code: "EXCLUDED" } });
    await expect(web(userId).rewards.openDaily({})).rejects.toMatchObject({ code: "FORBIDDEN", cause: { code: "EXCLUDED" } });
  });
});

describe("POST /v1/promo-codes/redeem", () => {
  it("credits a cash code once (201), 409 the second time, 404 for an unknown code, 400 for a malformed one", async () => {
    const code = `Rest-${randomUUID().slice(0, 8)}`;
    await createPromoCode(services(), CLI_ACTOR, { code, amount: "3.00", maxRedemptions: 5 });
    const { apiKey, userId } = await createTestUser(services());
    const redeemed = await rest(apiKey, "POST", "/v1/promo-codes/redeem", {}, { code });
    expect(redeemed).toMatchObject({
      status: 201,
      body: { redemption: { code }, cash: { claim: { source: "promo", amount: "3.00" } }, openings: [] },
    });
    expect((await rest(apiKey, "POST", "/v1/promo-codes/redeem", {}, { code })).status).toBe(409);
    expect((await rest(apiKey, "POST", "/v1/promo-codes/redeem", {}, { code: "NOPE-NOPE" })).status).toBe(404);
    expect((await rest(apiKey, "POST", "/v1/promo-codes/redeem", {}, { code: "x" })).status).toBe(400);
    await setExclusion(services(), userId, { period: "24h" }, { player: true });
    const other = `Rest-${randomUUID().slice(0, 8)}`;
    await createPromoCode(services(), CLI_ACTOR, { code: other, amount: "3.00", maxRedemptions: 5 });
    expect(await rest(apiKey, "POST", "/v1/promo-codes/redeem", {}, { code: other })).toMatchObject({
      status: 403,
      body: { code: "EXCLUDED" },
    });
    await expect(web(userId).promoCodes.redeem({ code: other })).rejects.toMatchObject({ cause: { code: "EXCLUDED" } });
  });
});

describe("every safeguard refuses a claim on REST and tRPC alike (403 with the reason)", () => {
  const cases: Array<[string, (userId: string) => Promise<unknown>, string]> = [
    ["a time-out", (userId) => setExclusion(services(), userId, { period: "24h" }, { player: true }), "EXCLUDED"],
    ["a self-exclusion", (userId) => setExclusion(services(), userId, { period: "6m" }, { player: true }), "EXCLUDED"],
    [
      "a reached wager limit",
      (userId) => setLimit(services(), userId, { kind: "wager", period: "day", amount: "300.00" }),
      "LIMIT_REACHED",
    ],
    ["a reached loss limit", (userId) => setLimit(services(), userId, { kind: "loss", period: "week", amount: "1.00" }), "LIMIT_REACHED"],
    [
      "an identity check refused for good",
      (userId) =>
        services().database.prisma.accountVerification.create({
          data: {
            userId,
            provider: "demo",
            applicantId: `demo:${userId}`,
            status: "rejected",
            reviewAnswer: "RED",
            rejectType: "FINAL",
            statusAt: new Date(),
          },
        }),
      "KYC_REQUIRED",
    ],
    [
      "an age not confirmed",
      (userId) =>
        services().database.sql.query(
          `UPDATE "user" SET "ageConfirmedAt" = NULL, "ageConfirmedBy" = NULL, "dateOfBirth" = NULL WHERE id = $1`,
          [userId],
        ),
      "AGE_UNCONFIRMED",
    ],
  ];
  for (const [what, refuse, code] of cases) {
    it(`${what}: ${code}, and GET /v1/rewards offers nothing`, async () => {
      const { apiKey, userId } = await player();
      await refuse(userId);
      const answer = await rest(apiKey, "POST", "/v1/rewards/rakeback/claim");
      expect(answer).toMatchObject({ status: 403, body: { code } });
      expect(answer.body.message).toMatch(/^No rewards are offered or given to this account now\./);
      await expect(web(userId).rewards.claimRakeback({})).rejects.toMatchObject({ code: "FORBIDDEN", cause: { code } });
      const rewards = await rest(apiKey, "GET", "/v1/rewards");
      expect(rewards.body).toMatchObject({
        offered: false,
        refusal: { code },
        rakeback: { available: "0.00" },
        dailyCase: { eligible: false },
      });
    });
  }
});
