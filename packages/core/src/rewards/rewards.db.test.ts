import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawTicket, findRangeForTicket } from "@prizepacks/fairness";
import { rotateSeedPair } from "../fairness/seed-pairs.ts";
import { listSpinHistory } from "../history/list-spin-history.ts";
import { openDailyCase } from "./open-daily-case.ts";
import { CLI_ACTOR } from "../admin-log/write-admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { openPack } from "../open/open-pack.ts";
import { setExclusion } from "../protection/exclusions.ts";
import { setLimit } from "../protection/limits.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { claimRakeback } from "./claim-rakeback.ts";
import { getRewards } from "./get-rewards.ts";
import { setRewardLevel, setRewardMoneySetting, setRewardSwitches } from "./reward-settings.ts";

const services = useTestServices();

// A 100.00 pack of the fixtures' default items: 5000.00 × 100, 200.00 × 9900 and 72.00 × 90000
// tickets, so its expected value is 89.60 and every opening's expected house take 10.40.
async function hundredPack() {
  return createTestPack(services(), { price: "100.00" });
}

async function rewardRow(userId: string) {
  const [row] = await services().database.sql.query<{ xp: string; level: number; accrued: string; claimed: string }>(
    `SELECT xp::text, level, "rakebackAccrued"::text AS accrued, "rakebackClaimed"::text AS claimed FROM account_reward WHERE "userId" = $1`,
    [userId],
  );
  return row;
}

/** An account that opened the 100.00 pack three times: 1.09512 of rakeback, 1.09 claimable. */
async function playerWithRakeback(balance = "400.00") {
  const player = await createTestUser(services(), { balance });
  const pack = await hundredPack();
  for (let i = 0; i < 3; i++) await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
  return { ...player, pack };
}

describe("levels and rakeback accrue in paid_play", () => {
  it("counts XP in cents, earns at the level held before each wager, carries the sub-cent remainder and says level.reached", async () => {
    const player = await playerWithRakeback();
    // 1st: level 0 (0 %) → level 1; 2nd: 5 % of 10.40 = 0.52 → level 2; 3rd: 5.53 % of 10.40 = 0.57512.
    expect(await rewardRow(player.userId)).toEqual({ xp: "30000", level: 2, accrued: "1.095120", claimed: "0.00" });
    const rewards = await getRewards(services(), player.userId);
    expect(rewards).toMatchObject({
      offered: true,
      level: 2,
      xp: 30_000,
      wagered: "300.00",
      nextLevel: { level: 3, threshold: "400.00", remaining: "100.00" },
      rakeback: { enabled: true, rateBps: 553, available: "1.09", accrued: "1.09", claimed: "0.00" },
    });
    const events = await services().database.sql.query<{ data: { level: number; previousLevel: number } }>(
      `SELECT data FROM account_event WHERE "userId" = $1 AND type = 'level.reached' ORDER BY id`,
      [player.userId],
    );
    expect(events.map((event) => [event.data.previousLevel, event.data.level])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it("stops accruing rakeback while the operator has it switched off, and keeps what accrued", async () => {
    const player = await playerWithRakeback("500.00");
    await setRewardSwitches(services(), CLI_ACTOR, { rakebackEnabled: false });
    try {
      await openPack(services(), { userId: player.userId, idOrSlug: player.pack.id });
      expect(await rewardRow(player.userId)).toMatchObject({ xp: "40000", accrued: "1.095120" });
      await expectAppError(claimRakeback(services(), player.userId), "REWARD_NOT_ELIGIBLE");
    } finally {
      await setRewardSwitches(services(), CLI_ACTOR, { rakebackEnabled: true });
    }
  });
});

describe("claimRakeback", () => {
  it("10 parallel claims credit once: one REWARD entry naming its claim, the rest find nothing left", async () => {
    const player = await playerWithRakeback();
    const before = await getBalance(services(), player.userId);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claimRakeback(services(), player.userId)));
    const paid = results.filter((result) => result.status === "fulfilled");
    expect(paid).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as { code: string }).code).toBe("CONFLICT");
    const after = await getBalance(services(), player.userId);
    expect(after.minus(before).toFixed(2)).toBe("1.09");
    const entries = await services().database.sql.query<{ amount: string; source: string }>(
      `SELECT l.amount::text, c.source FROM ledger_entry l JOIN reward_claim c ON c.id = l."rewardClaimId" WHERE l."userId" = $1 AND l.kind = 'REWARD'`,
      [player.userId],
    );
    expect(entries).toEqual([{ amount: "1.09", source: "rakeback" }]);
    expect(await rewardRow(player.userId)).toMatchObject({ accrued: "1.095120", claimed: "1.09" });
    // The remainder carries: 0.00512 waits for the next wager.
    expect((await getRewards(services(), player.userId)).rakeback.available).toBe("0.00");
    await expectAppError(claimRakeback(services(), player.userId), "CONFLICT");
  });

  it("answers a repeated Idempotency-Key with the first claim, even in parallel", async () => {
    const player = await playerWithRakeback();
    const key = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => claimRakeback(services(), player.userId, { idempotencyKey: key })),
    );
    const answers = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.claim.id).toBe(answers[0]!.claim.id);
    for (const result of results) if (result.status === "rejected") expect((result.reason as { code: string }).code).toBe("CONFLICT");
    expect((await claimRakeback(services(), player.userId, { idempotencyKey: key })).claim.id).toBe(answers[0]!.claim.id);
    const [count] = await services().database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM reward_claim WHERE "userId" = $1`, [
      player.userId,
    ]);
    expect(count?.n).toBe(1);
  });

  it("waits for the next UTC day when the daily budget would be passed, and says so", async () => {
    const player = await playerWithRakeback();
    await setRewardMoneySetting(services(), CLI_ACTOR, { setting: "reward_daily_budget", value: "0.00" });
    try {
      const error = await expectAppError(claimRakeback(services(), player.userId), "REWARD_BUDGET_SPENT");
      expect(error.status).toBe(409);
      expect(error.message).toMatch(/waits until the next day, \d{4}-\d\d-\d\dT00:00:00.000Z/);
      expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
      expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(86_400);
    } finally {
      await setRewardMoneySetting(services(), CLI_ACTOR, { setting: "reward_daily_budget", value: "1000.00" });
    }
    expect((await claimRakeback(services(), player.userId)).claim.amount).toBe("1.09");
  });

  it("raising the budget from the console waits for a second admin (a money setting)", async () => {
    const admin = { id: (await createTestUser(services())).userId, email: "admin@example.test" };
    const change = await setRewardMoneySetting(services(), admin, {
      setting: "reward_daily_budget",
      value: "5000.00",
      requestKey: randomUUID(),
    });
    expect(change).toMatchObject({ status: "pending", current: "1000.00", requested: "5000.00" });
  });
});

describe("no reward reaches a player who asked to stop", () => {
  it("refuses a time-out (EXCLUDED), offers nothing, and keeps the balance for after", async () => {
    const player = await playerWithRakeback();
    await setExclusion(services(), player.userId, { period: "24h" }, { player: true });
    const error = await expectAppError(claimRakeback(services(), player.userId), "EXCLUDED");
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/^No rewards are offered or given to this account now\. This account has taken a time-out/);
    const rewards = await getRewards(services(), player.userId);
    expect(rewards).toMatchObject({ offered: false, refusal: { code: "EXCLUDED" }, rakeback: { available: "0.00", accrued: "1.09" } });
    expect(rewards.dailyCase).toMatchObject({ pack: null, eligible: false });
  });

  it("refuses at a reached wager limit (LIMIT_REACHED)", async () => {
    const player = await playerWithRakeback();
    await setLimit(services(), player.userId, { kind: "wager", period: "day", amount: "300.00" });
    await expectAppError(claimRakeback(services(), player.userId), "LIMIT_REACHED");
  });

  it("refuses an account whose age is not confirmed (AGE_UNCONFIRMED)", async () => {
    const player = await createTestUser(services(), { ageConfirmation: false });
    await expectAppError(claimRakeback(services(), player.userId), "AGE_UNCONFIRMED");
  });

  it("refuses an account whose identity check was refused for good (KYC_REQUIRED)", async () => {
    const player = await playerWithRakeback();
    const rejected = {
      provider: "demo",
      applicantId: `demo:${player.userId}`,
      status: "rejected",
      reviewAnswer: "RED",
      rejectType: "FINAL",
      statusAt: new Date(),
    };
    await services().database.prisma.accountVerification.create({ data: { userId: player.userId, ...rejected } });
    await expectAppError(claimRakeback(services(), player.userId), "KYC_REQUIRED");
  });
});

describe("the daily case", () => {
  /** Level 2 (200.00 wagered) opens a 2.00 pack of three items once a day. */
  async function dailyPackAtLevelTwo() {
    const pack = await createTestPack(services(), { price: "2.00" });
    await setRewardLevel(services(), CLI_ACTOR, { level: 2, threshold: "200.00", rakebackBps: 553, dailyPack: pack.slug });
    return pack;
  }
  const verifyEmail = (userId: string, emailVerified = true) =>
    services().database.prisma.user.update({ where: { id: userId }, data: { emailVerified } });

  it("opens once in 24 h at the next nonce, free, listed as daily; the second is refused; the draw verifies from the history", async () => {
    const pack = await dailyPackAtLevelTwo();
    const player = await playerWithRakeback();
    await verifyEmail(player.userId);
    const before = await getBalance(services(), player.userId);
    const opened = await openDailyCase(services(), player.userId);
    expect(opened.spin).toMatchObject({ packId: pack.id, nonce: 3 });
    expect(opened.claim).toMatchObject({ source: "daily", cost: "2.00" });
    expect(Date.parse(opened.nextAt) - Date.parse(opened.claim.createdAt)).toBe(24 * 3600 * 1000);
    expect((await getBalance(services(), player.userId)).toFixed(2)).toBe(before.toFixed(2));
    // No XP, no rakeback: it was not a wager.
    expect(await rewardRow(player.userId)).toMatchObject({ xp: "30000", accrued: "1.095120" });

    const again = await expectAppError(openDailyCase(services(), player.userId), "CONFLICT");
    expect(again.message).toContain(opened.nextAt);
    expect(again.details.retryAfterSeconds).toBeGreaterThan(86_000);
    expect((await getRewards(services(), player.userId)).dailyCase).toMatchObject({ nextAt: opened.nextAt, eligible: false });

    const rotated = await rotateSeedPair(services(), { userId: player.userId });
    const history = await listSpinHistory(services(), { userId: player.userId });
    const daily = history.spins.find((spin) => spin.id === opened.spin.id)!;
    expect(daily).toMatchObject({ kind: "daily", price: "0.00", item: { id: opened.item.id } });
    expect(history.spins.filter((spin) => spin.kind === "open")).toHaveLength(3);
    expect(daily.fairness.serverSeed).toBe(rotated.previous.serverSeed);
    const draw = await drawTicket({
      serverSeed: daily.fairness.serverSeed!,
      clientSeed: daily.fairness.clientSeed,
      nonce: daily.fairness.nonce,
    });
    expect(draw.hash).toBe(daily.fairness.hash);
    expect(draw.result).toBe(opened.spin.result);
    const odds = await services().database.prisma.oddsRange.findMany({
      where: { oddsVersion: { packId: pack.id } },
      include: { item: true },
    });
    expect(findRangeForTicket(odds, draw.result).item.id).toBe(opened.item.id);
    const item = await services().database.prisma.inventoryItem.findUniqueOrThrow({ where: { id: opened.inventoryItem.id } });
    expect(item).toMatchObject({ userId: player.userId, status: "HELD", spinId: opened.spin.id });
  });

  it("answers a repeated Idempotency-Key with the same opening", async () => {
    await dailyPackAtLevelTwo();
    const player = await playerWithRakeback();
    await verifyEmail(player.userId);
    const key = randomUUID();
    const first = await openDailyCase(services(), player.userId, { idempotencyKey: key });
    const replay = await openDailyCase(services(), player.userId, { idempotencyKey: key });
    expect(replay.spin.id).toBe(first.spin.id);
  });

  it("needs a verified e-mail and the minimum wagered in 7 days", async () => {
    await dailyPackAtLevelTwo();
    const player = await playerWithRakeback();
    await verifyEmail(player.userId, false);
    const unverified = await expectAppError(openDailyCase(services(), player.userId), "REWARD_NOT_ELIGIBLE");
    expect(unverified.message).toContain("a verified e-mail address");
    const fresh = await createTestUser(services(), { balance: "5.00" });
    await verifyEmail(fresh.userId);
    const error = await expectAppError(openDailyCase(services(), fresh.userId), "REWARD_NOT_ELIGIBLE");
    expect(error.message).toContain("$10.00 wagered in the last 7 days ($0.00 so far)");
  });

  it("is refused by the rule of rewards: a time-out opens nothing", async () => {
    await dailyPackAtLevelTwo();
    const player = await playerWithRakeback();
    await verifyEmail(player.userId);
    await setExclusion(services(), player.userId, { period: "24h" }, { player: true });
    await expectAppError(openDailyCase(services(), player.userId), "EXCLUDED");
    const [spins] = await services().database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM spin WHERE "userId" = $1`, [
      player.userId,
    ]);
    expect(spins?.n).toBe(3);
  });
});

describe("audit", () => {
  it("finds every REWARD entry traced to its claim and every account's rakeback balanced", async () => {
    const report = await auditInvariants(services());
    expect(report.breaches).toEqual([]);
  });
});
