import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminLog } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { createContext } from "../../../context.ts";
import { createCaller } from "../../../root.ts";

// The console's reward pages (#39) over tRPC, as they call them: the level table, the switches
// and the money settings (a loosening waits for a second admin), promo codes created, listed and
// disabled, and the spend by day exact to the cent. This file has a database of its own, so the
// budget it changes is no other file's.

let services: Awaited<ReturnType<typeof openServices>>;
beforeAll(async () => {
  services = await openServices(await openTestDatabase());
});
afterAll(async () => {
  await services?.database.close();
});

const as = (userId: string) =>
  createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));

async function admin() {
  const user = await createTestUser(services);
  await services.database.prisma.user.update({ where: { id: user.userId }, data: { role: "admin" } });
  return { ...user, console: as(user.userId) };
}

const today = () => new Date().toISOString().slice(0, 10);

describe("admin.rewards", () => {
  it("is for admins only", async () => {
    const player = as((await createTestUser(services)).userId);
    for (const call of [
      player.admin.rewards.settings(),
      player.admin.rewards.promoCodes(),
      player.admin.rewards.spend({ from: today(), to: today() }),
      player.admin.rewards.createPromoCode({ code: "NOPE-1", amount: "1.00", maxRedemptions: 1, requestKey: randomUUID() }),
    ]) {
      await expect(call).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
  });

  it("edits the level table and the switches at once, logged; a raise of the budget waits for a second admin, a lowering applies", async () => {
    const first = await admin();
    const pack = await createTestPack(services);
    const levels = await first.console.admin.rewards.setLevel({
      level: 1,
      threshold: "100.00",
      rakebackBps: 700,
      dailyPack: pack.slug,
      requestKey: randomUUID(),
    });
    expect(levels[1]).toMatchObject({ level: 1, threshold: "100.00", rakebackBps: 700, dailyPack: { slug: pack.slug } });
    // Out of order: refused in words, nothing changed.
    await expect(
      first.console.admin.rewards.setLevel({ level: 2, threshold: "50.00", rakebackBps: 700, requestKey: randomUUID() }),
    ).rejects.toMatchObject({ cause: { code: "BAD_REQUEST", message: "Level 2 must start above level 1 (100.00)." } });

    const switched = await first.console.admin.rewards.setSwitches({ dailyCaseEnabled: false, requestKey: randomUUID() });
    expect(switched).toMatchObject({ rakebackEnabled: true, dailyCaseEnabled: false });
    await first.console.admin.rewards.setSwitches({ dailyCaseEnabled: true, requestKey: randomUUID() });

    const raise = await first.console.admin.rewards.setMoneySetting({
      setting: "reward_daily_budget",
      value: "2000.00",
      requestKey: randomUUID(),
    });
    expect(raise).toMatchObject({ status: "pending", current: "1000.00", requested: "2000.00" });
    expect((await first.console.admin.rewards.settings()).settings.dailyBudget).toBe("1000.00");
    const second = await admin();
    if (raise.status !== "pending") throw new Error("the raise applied");
    await second.console.admin.settings.decideChange({
      pendingChangeId: raise.pendingChangeId,
      decision: "approve",
      requestKey: randomUUID(),
    });
    expect((await first.console.admin.rewards.settings()).settings.dailyBudget).toBe("2000.00");
    const lowered = await first.console.admin.rewards.setMoneySetting({
      setting: "reward_daily_budget",
      value: "1000.00",
      requestKey: randomUUID(),
    });
    expect(lowered).toMatchObject({ status: "applied", value: "1000.00" });

    const log = await listAdminLog(services, { actor: first.email, limit: 100 });
    const actions = log.entries.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["rewards.level_set", "rewards.settings", "settings.reward_daily_budget"]));
  });

  it("creates, lists and disables promo codes; a disabled code is refused; the spend by day is exact per source", async () => {
    const operator = await admin();
    const pack = await createTestPack(services, { price: "3.33" });
    const before = await operator.console.admin.rewards.spend({ from: today(), to: today() });
    const cash = `Cash-${randomUUID().slice(0, 8)}`;
    const free = `Free-${randomUUID().slice(0, 8)}`;
    const created = await operator.console.admin.rewards.createPromoCode({
      code: cash,
      amount: "2.55",
      maxRedemptions: 2,
      requestKey: randomUUID(),
    });
    expect(created).toMatchObject({ code: cash, amount: "2.55", redemptions: 0, maxRedemptions: 2, state: "live", disabledAt: null });
    await operator.console.admin.rewards.createPromoCode({
      code: free,
      pack: pack.slug,
      openings: 2,
      maxRedemptions: 1,
      requestKey: randomUUID(),
    });
    await expect(
      operator.console.admin.rewards.createPromoCode({
        code: `X-${randomUUID().slice(0, 8)}`,
        maxRedemptions: 1,
        requestKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ cause: { code: "BAD_REQUEST" } });

    const one = await createTestUser(services);
    await as(one.userId).promoCodes.redeem({ code: cash });
    await as(one.userId).promoCodes.redeem({ code: free });
    const listed = await operator.console.admin.rewards.promoCodes();
    expect(listed.find((row) => row.code === cash)).toMatchObject({ redemptions: 1, state: "live" });
    expect(listed.find((row) => row.code === free)).toMatchObject({
      redemptions: 1,
      state: "used_up",
      openings: 2,
      pack: { slug: pack.slug },
    });

    const disabled = await operator.console.admin.rewards.disablePromoCode({ id: created.id, requestKey: randomUUID() });
    expect(disabled).toMatchObject({ state: "disabled", disabledAt: expect.any(String) });
    const two = await createTestUser(services);
    await expect(as(two.userId).promoCodes.redeem({ code: cash })).rejects.toMatchObject({
      cause: { code: "REWARD_NOT_ELIGIBLE", message: `The promo code ${cash} is no longer offered.` },
    });
    const log = await listAdminLog(services, { actor: operator.email, limit: 100 });
    expect(log.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["rewards.promo_created", "rewards.promo_disabled"]));

    // 2.55 cash, and two free openings of a 3.33 pack: 0.00 cash, 6.66 against the budget.
    const after = await operator.console.admin.rewards.spend({ from: today(), to: today() });
    const promo = (report: typeof after) => report.days.find((day) => day.day === today())?.bySource.find((row) => row.source === "promo");
    const was = promo(before) ?? { claims: 0, cash: "0.00", cost: "0.00" };
    expect(promo(after)).toEqual({
      source: "promo",
      claims: was.claims + 3,
      cash: (Number(was.cash) + 2.55).toFixed(2),
      cost: (Number(was.cost) + 2.55 + 6.66).toFixed(2),
    });
    expect(after.dailyBudget).toBe("1000.00");
    expect(after.total.cost).toBe(after.days.find((day) => day.day === today())!.cost);
  });
});
