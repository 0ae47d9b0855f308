import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/write-admin-log.ts";
import { runAdminCommand } from "../admin/commands.ts";
import { auditInvariants } from "../audit/audit.ts";
import { listSpinHistory } from "../history/list-spin-history.ts";
import { setExclusion } from "../protection/exclusions.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { createPromoCode, redeemPromoCode } from "./promo-codes.ts";

const services = useTestServices();
const uniqueCode = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

describe("promo:create", () => {
  it("prints the code as JSON; refuses a code that exists in another case, and a code with both cash and openings", async () => {
    const code = uniqueCode("Cash");
    const { ok, result } = await runAdminCommand(services(), "promo:create", {
      code,
      amount: "5",
      "max-redemptions": "3",
      "min-level": "0",
    });
    expect(ok).toBe(true);
    expect(result).toMatchObject({ code, amount: "5.00", pack: null, openings: null, maxRedemptions: 3, redemptions: 0, minLevel: 0 });
    await expectAppError(
      runAdminCommand(services(), "promo:create", { code: code.toUpperCase(), amount: "5", "max-redemptions": "3" }),
      "CONFLICT",
    );
    const pack = await createTestPack(services());
    await expectAppError(
      runAdminCommand(services(), "promo:create", {
        code: uniqueCode("Both"),
        amount: "5",
        pack: pack.slug,
        openings: "2",
        "max-redemptions": "3",
      }),
      "BAD_REQUEST",
    );
  });
});

describe("rewards:level and rewards:settings", () => {
  it("set a level's daily pack and rate, refuse a threshold out of order, and switch rewards from the CLI", async () => {
    const pack = await createTestPack(services());
    const { result } = await runAdminCommand(services(), "rewards:level", {
      level: "1",
      threshold: "100.00",
      "rakeback-bps": "600",
      "daily-pack": pack.slug,
    });
    expect((result.levels as Array<Record<string, unknown>>)[1]).toMatchObject({
      level: 1,
      threshold: "100.00",
      rakebackBps: 600,
      dailyPack: { slug: pack.slug },
    });
    await expectAppError(
      runAdminCommand(services(), "rewards:level", { level: "1", threshold: "300.00", "rakeback-bps": "600" }),
      "BAD_REQUEST",
    );
    const settings = await runAdminCommand(services(), "rewards:settings", { "daily-case": "false", budget: "2500.00" });
    expect(settings.result).toMatchObject({ rakebackEnabled: true, dailyCaseEnabled: false, dailyBudget: "2500.00" });
    await runAdminCommand(services(), "rewards:settings", { "daily-case": "true", budget: "1000.00" });
    await runAdminCommand(services(), "rewards:level", { level: "1", threshold: "100.00", "rakeback-bps": "500", "daily-pack": "none" });
  });
});

describe("redeemPromoCode", () => {
  it("50 players racing for a 1-use code: exactly one gets it, the others hear it is fully redeemed", async () => {
    const { code } = await createPromoCode(services(), CLI_ACTOR, { code: uniqueCode("Race"), amount: "2.50", maxRedemptions: 1 });
    const players = await Promise.all(Array.from({ length: 50 }, () => createTestUser(services())));
    const results = await Promise.allSettled(players.map((player) => redeemPromoCode(services(), player.userId, { code })));
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of results)
      if (result.status === "rejected") expect((result.reason as { code: string; message: string }).message).toMatch(/fully redeemed/);
    const [row] = await services().database.sql.query<{ redemptions: number; rows: number; paid: string }>(
      `SELECT p.redemptions, (SELECT count(*)::int FROM promo_redemption r WHERE r."promoCodeId" = p.id) AS rows,
              (SELECT coalesce(sum(c.amount), 0)::text FROM reward_claim c JOIN promo_redemption r ON r.id = c."promoRedemptionId" WHERE r."promoCodeId" = p.id) AS paid
       FROM promo_code p WHERE p.code = $1`,
      [code],
    );
    expect(row).toEqual({ redemptions: 1, rows: 1, paid: "2.50" });
  });

  it("credits cash once per account as a REWARD entry (any case), then refuses the same account", async () => {
    const { code } = await createPromoCode(services(), CLI_ACTOR, { code: uniqueCode("Welcome"), amount: "5.00", maxRedemptions: 10 });
    const player = await createTestUser(services());
    const redeemed = await redeemPromoCode(services(), player.userId, { code: code.toLowerCase() });
    expect(redeemed.cash).toMatchObject({ claim: { source: "promo", amount: "5.00" }, balanceAfter: 5 });
    expect((await getBalance(services(), player.userId)).toFixed(2)).toBe("5.00");
    const again = await expectAppError(redeemPromoCode(services(), player.userId, { code }), "CONFLICT");
    expect(again.message).toMatch(/already redeemed/);
  });

  it("refuses the code to the admin who created it (403), and gives it to another account", async () => {
    const admin = await createTestUser(services());
    const { code } = await createPromoCode(
      services(),
      { id: admin.userId, email: admin.email },
      { code: uniqueCode("Own"), amount: "5.00", maxRedemptions: 2, requestKey: randomUUID() },
    );
    const own = await expectAppError(redeemPromoCode(services(), admin.userId, { code }), "FORBIDDEN");
    expect(own.message).toBe(`${code} was created by this account: an admin cannot redeem their own code.`);
    expect((await getBalance(services(), admin.userId)).toFixed(2)).toBe("0.00");
    const player = await createTestUser(services());
    expect((await redeemPromoCode(services(), player.userId, { code })).cash).toMatchObject({ claim: { amount: "5.00" } });
  });

  it("opens free openings at once, at the next nonces, listed in the history", async () => {
    const pack = await createTestPack(services(), { price: "1.50" });
    const { code } = await createPromoCode(services(), CLI_ACTOR, {
      code: uniqueCode("Open"),
      pack: pack.slug,
      openings: 3,
      maxRedemptions: 5,
    });
    const player = await createTestUser(services());
    const redeemed = await redeemPromoCode(services(), player.userId, { code });
    expect(redeemed.cash).toBeNull();
    expect(redeemed.openings.map((opening) => opening.spin.nonce)).toEqual([0, 1, 2]);
    const history = await listSpinHistory(services(), { userId: player.userId });
    expect(history.spins.map((spin) => spin.price)).toEqual(["0.00", "0.00", "0.00"]);
    expect((await getBalance(services(), player.userId)).toFixed(2)).toBe("0.00");
  });

  it("refuses an expired code, a level too low, no deposit, and a player on a time-out", async () => {
    const expired = await createPromoCode(services(), CLI_ACTOR, {
      code: uniqueCode("Old"),
      amount: "1.00",
      maxRedemptions: 5,
      expires: "2020-01-01",
    });
    const levelled = await createPromoCode(services(), CLI_ACTOR, {
      code: uniqueCode("Vip"),
      amount: "1.00",
      maxRedemptions: 5,
      minLevel: 3,
    });
    const depositors = await createPromoCode(services(), CLI_ACTOR, {
      code: uniqueCode("Dep"),
      amount: "1.00",
      maxRedemptions: 5,
      firstDeposit: true,
    });
    const player = await createTestUser(services());
    expect(
      (await expectAppError(redeemPromoCode(services(), player.userId, { code: expired.code }), "REWARD_NOT_ELIGIBLE")).message,
    ).toMatch(/expired/);
    expect(
      (await expectAppError(redeemPromoCode(services(), player.userId, { code: levelled.code }), "REWARD_NOT_ELIGIBLE")).message,
    ).toMatch(/level 3/);
    expect(
      (await expectAppError(redeemPromoCode(services(), player.userId, { code: depositors.code }), "REWARD_NOT_ELIGIBLE")).message,
    ).toMatch(/deposit/);
    const open = await createPromoCode(services(), CLI_ACTOR, { code: uniqueCode("Paused"), amount: "1.00", maxRedemptions: 5 });
    await setExclusion(services(), player.userId, { period: "24h" }, { player: true });
    await expectAppError(redeemPromoCode(services(), player.userId, { code: open.code }), "EXCLUDED");
    await expectAppError(redeemPromoCode(services(), player.userId, { code: "NO-SUCH-CODE" }), "EXCLUDED");
  });

  it("the audit finds redemptions within their maximum and every promo reward traced", async () => {
    const report = await auditInvariants(services());
    expect(report.breaches).toEqual([]);
  });
});
