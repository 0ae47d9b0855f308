import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/write-admin-log.ts";
import { runAdminCommand } from "../admin/commands.ts";
import { auditInvariants } from "../audit/audit.ts";
import { createBattle } from "../battles/create-battle.ts";
import { leaveBattle } from "../battles/leave-battle.ts";
import { openPack } from "../open/open-pack.ts";
import { setExclusion } from "../protection/exclusions.ts";
import { withBeaconAhead } from "../testing/battles.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { upgradeItems } from "../upgrades/upgrade-items.ts";
import { getBalance } from "../wallet/wallet.ts";
import { depositDemoFunds } from "../wallet/deposit-demo-funds.ts";
import { listSpinHistory } from "../history/list-spin-history.ts";
import { claimCommission, claimWelcomeReward, createCreatorCode, enterReferralCode, getAffiliate, getReferralStatus } from "./affiliate.ts";
import { disableCreatorCode, getCreatorReport, renameCreatorCode } from "./creator-report.ts";
import { setAffiliateSettings, setRewardMoneySetting } from "./reward-settings.ts";

const services = useTestServices();

/** Every opening wins the one 9.99 item: an expected house take of exactly 1.12 per opening. */
async function fixedPack() {
  return createTestPack(services(), {
    price: "11.11",
    items: [
      { key: "mug", name: `Fixed Mug ${Math.random()}`, rarity: "COMMON", value: "9.99", image: "/images/test.svg", tickets: 100_000 },
    ],
  });
}

/** Targets for an upgrade: whatever its outcome, its house take is the stake × the edge. */
async function targetPack() {
  const pack = await createTestPack(services(), {
    price: "50.00",
    items: [
      { key: "t20", name: "Target Twenty", rarity: "COMMON", value: "20.00", image: "/images/test.svg", tickets: 50_000 },
      { key: "t70", name: "Target Seventy", rarity: "RARE", value: "70.00", image: "/images/test.svg", tickets: 50_000 },
    ],
  });
  return pack.items.find((item) => item.key === "t20")!.id;
}

const uniqueCode = () => `C-${randomUUID().slice(0, 8)}`;

async function creatorWithCode() {
  const creator = await createTestUser(services());
  const code = await createCreatorCode(services(), creator.userId, { code: uniqueCode() });
  return { ...creator, code };
}

async function referral(userId: string) {
  const [row] = await services().database.sql.query<{ accrued: string }>(
    `SELECT "commissionAccrued"::text AS accrued FROM referral WHERE "userId" = $1`,
    [userId],
  );
  return row;
}

async function expectClean() {
  expect((await auditInvariants(services(), { demoMode: true })).breaches).toEqual([]);
}

describe("creator codes", () => {
  it("one code per verified account, unique in any case, 3 to 16 letters, digits or -", async () => {
    const { userId, code } = await creatorWithCode();
    expect(code).toMatchObject({ disabled: false });
    await expectAppError(createCreatorCode(services(), userId, { code: uniqueCode() }), "CONFLICT");
    const other = await createTestUser(services());
    await expectAppError(createCreatorCode(services(), other.userId, { code: code.code.toLowerCase() }), "CONFLICT");
    await expectAppError(createCreatorCode(services(), other.userId, { code: "ab" }), "BAD_REQUEST");
    await expectAppError(createCreatorCode(services(), other.userId, { code: "no spaces" }), "BAD_REQUEST");
    const unverified = await createTestUser(services());
    await services().database.sql.query(`UPDATE "user" SET "emailVerified" = false WHERE id = $1`, [unverified.userId]);
    await expectAppError(createCreatorCode(services(), unverified.userId, { code: uniqueCode() }), "REWARD_NOT_ELIGIBLE");
  });

  it("a code is entered once, never one's own, within 24 hours of sign-up, in any case", async () => {
    const creator = await creatorWithCode();
    await expectAppError(enterReferralCode(services(), creator.userId, { code: creator.code.code }), "REWARD_NOT_ELIGIBLE");
    const player = await createTestUser(services());
    await expectAppError(enterReferralCode(services(), player.userId, { code: "NOPE-NOPE" }), "NOT_FOUND");
    const entered = await enterReferralCode(services(), player.userId, { code: creator.code.code.toLowerCase() });
    expect(entered).toMatchObject({ referral: { code: creator.code.code }, canEnter: false });
    const second = await creatorWithCode();
    await expectAppError(enterReferralCode(services(), player.userId, { code: second.code.code }), "CONFLICT");
    await expectAppError(enterReferralCode(services(), player.userId, { code: creator.code.code }), "CONFLICT");

    const late = await createTestUser(services());
    await services().database.sql.query(`UPDATE "user" SET "createdAt" = "createdAt" - interval '25 hours' WHERE id = $1`, [late.userId]);
    expect(await getReferralStatus(services(), late.userId)).toMatchObject({ referral: null, canEnter: false });
    await expectAppError(enterReferralCode(services(), late.userId, { code: creator.code.code }), "REWARD_NOT_ELIGIBLE");
  });

  it("the creator earns 10 % of a referred player's expected house take on openings and upgrades (a battle seat, refundable, earns nothing), exact with the remainder carried", async () => {
    const creator = await creatorWithCode();
    const player = await createTestUser(services(), { balance: "200.00" });
    await enterReferralCode(services(), player.userId, { code: creator.code.code });
    const pack = await fixedPack();

    // Openings: 11.11 - 9.99 = 1.12 of house take each, 0.112 of commission.
    const items: string[] = [];
    for (let i = 0; i < 3; i++) items.push((await openPack(services(), { userId: player.userId, idOrSlug: pack.id })).inventoryItem.id);
    expect(await referral(player.userId)).toEqual({ accrued: "0.336000" });

    // A battle seat earns nothing: it can be refunded whole until the battle starts, and a seat
    // taken and left again must not earn (nor level up: its XP goes back with the entry).
    const xp = async () =>
      (await services().database.sql.query<{ xp: string }>(`SELECT xp::text FROM account_reward WHERE "userId" = $1`, [player.userId]))[0]!
        .xp;
    const xpBefore = await xp();
    const s = await withBeaconAhead(services());
    const battle = await createBattle(s, player.userId, { packs: [pack.slug], layout: "1v1", winRule: "highest" });
    expect(await referral(player.userId)).toEqual({ accrued: "0.336000" });
    expect(await xp()).toBe(String(Number(xpBefore) + 1111));
    await leaveBattle(services(), player.userId, battle.id);
    expect(await xp()).toBe(xpBefore);
    expect(await referral(player.userId)).toEqual({ accrued: "0.336000" });

    // An upgrade staking one 9.99 item at the default 8 % edge: 0.7992 of house take, 0.07992.
    const target = await targetPack();
    await upgradeItems(services(), player.userId, { inventoryItemIds: [items[0]!], targetItemId: target });
    expect(await referral(player.userId)).toEqual({ accrued: "0.415920" });

    const dashboard = await getAffiliate(services(), creator.userId);
    expect(dashboard).toMatchObject({
      offered: true,
      code: { code: creator.code.code },
      commissionBps: 1000,
      referrals: { count: 1, earning: 1, active: 1 },
      commission: { available: "0.41", accrued: "0.41", claimed: "0.00" },
    });
    expect(dashboard.referrals.deposits.find((bucket) => bucket.bucket === "none")?.count).toBe(1);
    // Players see counts only: nothing names the referred account.
    expect(JSON.stringify(dashboard)).not.toContain(player.userId);

    const claimed = await claimCommission(services(), creator.userId);
    expect(claimed.claim).toMatchObject({ source: "commission", amount: "0.41" });
    // The remainder (0.00592) carries: the next opening's 0.112 makes 0.11792, 0.11 claimable.
    await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    expect((await getAffiliate(services(), creator.userId)).commission).toEqual({ available: "0.11", accrued: "0.52", claimed: "0.41" });
    await expectClean();
  });

  it("10 parallel claims credit once; an Idempotency-Key answers its first claim; reward.claimed is recorded", async () => {
    const creator = await creatorWithCode();
    const player = await createTestUser(services(), { balance: "200.00" });
    await enterReferralCode(services(), player.userId, { code: creator.code.code });
    const pack = await fixedPack();
    for (let i = 0; i < 10; i++) await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    const before = await getBalance(services(), creator.userId);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => claimCommission(services(), creator.userId)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) if (result.status === "rejected") expect((result.reason as { code: string }).code).toBe("CONFLICT");
    expect((await getBalance(services(), creator.userId)).minus(before).toFixed(2)).toBe("1.12");
    const events = await services().database.sql.query<{ data: { source: string; amount: string } }>(
      `SELECT data FROM account_event WHERE "userId" = $1 AND type = 'reward.claimed'`,
      [creator.userId],
    );
    expect(events.map((event) => event.data)).toMatchObject([{ source: "commission", amount: "1.12" }]);

    await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    const key = randomUUID();
    const first = await claimCommission(services(), creator.userId, { idempotencyKey: key });
    expect((await claimCommission(services(), creator.userId, { idempotencyKey: key })).claim.id).toBe(first.claim.id);
    await expectAppError(claimCommission(services(), creator.userId), "CONFLICT");
    await expectClean();
  });

  it("a safeguard on the creator refuses the claim but not the accrual; one on the player stops the welcome reward", async () => {
    const creator = await creatorWithCode();
    const player = await createTestUser(services(), { balance: "100.00" });
    await enterReferralCode(services(), player.userId, { code: creator.code.code });
    const pack = await fixedPack();
    await setExclusion(services(), creator.userId, { period: "24h" }, { player: true });
    await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    expect(await referral(player.userId)).toEqual({ accrued: "0.112000" });
    // Offered nothing while refused; what accrued is kept.
    expect(await getAffiliate(services(), creator.userId)).toMatchObject({
      offered: false,
      commission: { available: "0.00", accrued: "0.11" },
    });
    await expectAppError(claimCommission(services(), creator.userId), "EXCLUDED");

    await setAffiliateSettings(services(), CLI_ACTOR, { welcomePack: pack.slug, welcomeOpenings: 3 });
    await depositDemoFunds(services(), { userId: player.userId, amount: "10.00" });
    expect(await getReferralStatus(services(), player.userId)).toMatchObject({ offered: true, referral: { welcome: { claimable: true } } });
    await setExclusion(services(), player.userId, { period: "24h" }, { player: true });
    expect(await getReferralStatus(services(), player.userId)).toMatchObject({
      offered: false,
      referral: { welcome: { claimable: false } },
    });
    await expectAppError(claimWelcomeReward(services(), player.userId), "EXCLUDED");
  });

  it("the welcome reward opens once, after the first deposit, as free openings in the history", async () => {
    const creator = await creatorWithCode();
    const pack = await fixedPack();
    await setAffiliateSettings(services(), CLI_ACTOR, { welcomePack: pack.slug, welcomeOpenings: 3 });
    const player = await createTestUser(services());
    await enterReferralCode(services(), player.userId, { code: creator.code.code });
    expect((await getReferralStatus(services(), player.userId)).referral?.welcome).toMatchObject({
      openings: 3,
      claimable: false,
      waitsFor: "deposit",
    });
    await expectAppError(claimWelcomeReward(services(), player.userId), "REWARD_NOT_ELIGIBLE");
    await depositDemoFunds(services(), { userId: player.userId, amount: "5.00" });
    expect((await getReferralStatus(services(), player.userId)).referral?.welcome).toMatchObject({ claimable: true, waitsFor: null });
    const results = await Promise.allSettled([
      claimWelcomeReward(services(), player.userId),
      claimWelcomeReward(services(), player.userId),
    ]);
    const opened = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.openings).toHaveLength(3);
    await expectAppError(claimWelcomeReward(services(), player.userId), "CONFLICT");
    expect(await getBalance(services(), player.userId).then((balance) => balance.toFixed(2))).toBe("5.00");
    const history = await listSpinHistory(services(), { userId: player.userId });
    expect(history.spins.map((spin) => spin.price)).toEqual(["0.00", "0.00", "0.00"]);
    // Free openings are no wager: nothing accrues to the creator.
    expect(await referral(player.userId)).toEqual({ accrued: "0.000000" });
    await expectClean();
  });

  it("the operator renames and disables a code, logged; disabled, it takes no referral and accrues nothing more", async () => {
    const creator = await creatorWithCode();
    const player = await createTestUser(services(), { balance: "50.00" });
    await enterReferralCode(services(), player.userId, { code: creator.code.code });
    const pack = await fixedPack();
    await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    const renamed = uniqueCode();
    expect(await renameCreatorCode(services(), CLI_ACTOR, { id: creator.code.id, code: renamed })).toMatchObject({
      code: renamed,
      referrals: 1,
      accrued: "0.11",
    });
    // The former text is retired: no other account's code (made or renamed) takes it, nor its links.
    const former = creator.code.code;
    const other = await createTestUser(services());
    const retired = await expectAppError(createCreatorCode(services(), other.userId, { code: former.toLowerCase() }), "CONFLICT");
    expect(retired.message).toBe(`The creator code ${former.toLowerCase()} was another code's before a rename, and is not given again.`);
    const second = await creatorWithCode();
    await expectAppError(renameCreatorCode(services(), CLI_ACTOR, { id: second.code.id, code: former }), "CONFLICT");
    const disabled = await disableCreatorCode(services(), CLI_ACTOR, { id: creator.code.id });
    expect(disabled).toMatchObject({ disabled: true, earning: 0 });
    await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
    expect(await referral(player.userId)).toEqual({ accrued: "0.112000" });
    const newcomer = await createTestUser(services());
    await expectAppError(enterReferralCode(services(), newcomer.userId, { code: renamed }), "NOT_FOUND");
    // What accrued before stays claimable.
    expect((await claimCommission(services(), creator.userId)).claim.amount).toBe("0.11");
    const log = await services().database.sql.query<{ action: string }>(
      `SELECT action FROM admin_log WHERE "targetId" = $1 ORDER BY "createdAt"`,
      [creator.code.id],
    );
    expect(log.map((row) => row.action)).toEqual(["rewards.creator_code_renamed", "rewards.creator_code_disabled"]);
    const report = await getCreatorReport(services());
    expect(report.codes.find((row) => row.id === creator.code.id)).toMatchObject({ claimed: "0.11", disabled: true });
  });

  it("raising the commission from the console waits for a second admin; lowering applies at once", async () => {
    const admin = { id: (await createTestUser(services())).userId, email: "admin@example.test" };
    const raise = await setRewardMoneySetting(services(), admin, { setting: "commission_bps", value: "1500", requestKey: randomUUID() });
    expect(raise).toMatchObject({ status: "pending", current: "1000.00", requested: "1500.00" });
    const lower = await setRewardMoneySetting(services(), admin, { setting: "commission_bps", value: "900", requestKey: randomUUID() });
    expect(lower).toMatchObject({ status: "applied" });
    await setRewardMoneySetting(services(), CLI_ACTOR, { setting: "commission_bps", value: "1000" });
    await expectAppError(setRewardMoneySetting(services(), CLI_ACTOR, { setting: "commission_bps", value: "12.5" }), "BAD_REQUEST");
  });

  it("npm run admin -- affiliates:settings sets the commission, the windows and the welcome reward", async () => {
    const pack = await fixedPack();
    const settings = await runAdminCommand(services(), "affiliates:settings", {
      "commission-bps": "1200",
      "commission-days": "30",
      "referral-hours": "48",
      "welcome-pack": pack.slug,
      "welcome-openings": "2",
    });
    expect(settings.result).toMatchObject({
      commissionBps: 1200,
      commissionDays: 30,
      referralEntryHours: 48,
      welcomeOpenings: 2,
      welcomePack: { slug: pack.slug },
    });
    const reset = await runAdminCommand(services(), "affiliates:settings", {
      "commission-bps": "1000",
      "commission-days": "90",
      "referral-hours": "24",
      "welcome-pack": "none",
      "welcome-openings": "3",
    });
    expect(reset.result).toMatchObject({ commissionBps: 1000, commissionDays: 90, referralEntryHours: 24, welcomePack: null });
  });
});
