import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  adjustBalance,
  CLI_ACTOR,
  createUser,
  excludeOnPlayersRequest,
  getPackReport,
  getUpgradeReport,
  listAdminLog,
  listSaferPlayAccounts,
  parseMoney,
  setAccountStanding,
  setRtpRange,
  simulateUpgrades,
} from "@prizepacks/core";
import { openTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";
import { openServices, type Services } from "@prizepacks/core/server";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";

// The console's procedures over tRPC, as the admin pages call them: each takes its domain
// function's own schema, so a refusal reads the same whichever way the function is reached.

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.prizepacks.local`;

async function account(label: string, { role }: { role?: "admin" } = {}) {
  const { userId } = await createUser(services, { email: email(label), balance: parseMoney("10.00") });
  if (role) await database.prisma.user.update({ where: { id: userId }, data: { role } });
  return userId;
}

function consoleAs(userId: string) {
  return createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));
}

/** The code and message a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the call was refused").not.toBeNull();
  const cause = error instanceof AppError ? error : (error as { cause?: unknown }).cause;
  expect(cause, String(error)).toBeInstanceOf(AppError);
  return { code: (cause as AppError).code, message: (cause as AppError).message };
}

describe("admin procedures", () => {
  it("answer 403 to anyone but an admin, before reading the input", async () => {
    const player = consoleAs(await account("player"));
    expect(await refusal(player.admin.accounts.adjust({ userId: "", direction: "credit", amount: "x", reason: "" }))).toEqual({
      code: "FORBIDDEN",
      message: "This console is for operators only.",
    });
    for (const call of [
      player.admin.protection.exclude({ userId: "", period: "24h" }),
      player.admin.protection.account({ userId: "" }),
      player.admin.protection.saferPlay({}),
      player.admin.accounts.summary({ userId: "" }),
      player.admin.verification.queue({}),
      player.admin.verification.history({ userId: "" }),
      player.admin.reports.upgrades({ from: "2026-01-01", to: "2026-01-31" }),
      player.admin.upgrades.simulate({ stakeValue: "10.00", chance: "25" }),
    ]) {
      expect((await refusal(call)).code).toBe("FORBIDDEN");
    }
  });

  it("refuse exactly what their domain functions refuse", async () => {
    const adminId = await account("operator", { role: "admin" });
    const admin = consoleAs(adminId);
    const actor = { id: adminId, email: "operator@test.prizepacks.local" };
    const target = await account("target");
    const pairs: Array<[() => Promise<unknown>, () => Promise<unknown>]> = [
      [
        () => admin.admin.accounts.adjust({ userId: target, direction: "credit", amount: "1.00", reason: "  " }),
        () => adjustBalance(services, actor, { userId: target, direction: "credit", amount: "1.00", reason: "  " }),
      ],
      [
        () => admin.admin.accounts.setStanding({ userId: target, action: "ban" }),
        () => setAccountStanding(services, actor, { userId: target, action: "ban" }),
      ],
      [
        () => admin.admin.settings.setRtpRange({ minPercent: "eighty", maxPercent: "98" }),
        () => setRtpRange(services, actor, { minPercent: "eighty", maxPercent: "98" }),
      ],
      [
        () => admin.admin.settings.setRtpRange({ minPercent: "99", maxPercent: "98" }),
        () => setRtpRange(services, actor, { minPercent: "99", maxPercent: "98" }),
      ],
      [
        () => admin.admin.reports.get({ from: "2026-02-01", to: "2026-01-01" }),
        () => getPackReport(services, { from: "2026-02-01", to: "2026-01-01" }),
      ],
      [
        () => admin.admin.reports.upgrades({ from: "2026-02-01", to: "2026-01-01" }),
        () => getUpgradeReport(services, { from: "2026-02-01", to: "2026-01-01" }),
      ],
      [
        () => admin.admin.upgrades.simulate({ stakeValue: "10.00", chance: "80" }),
        () => simulateUpgrades(services, { stakeValue: "10.00", chance: "80" }),
      ],
      [() => admin.admin.log.list({ limit: 201 }), () => listAdminLog(services, { limit: 201 })],
      [
        () => admin.admin.protection.exclude({ userId: target, period: "2w" as "6w", requestKey: randomUUID() }),
        () => excludeOnPlayersRequest(services, actor, { userId: target, period: "2w" as "6w", requestKey: randomUUID() }),
      ],
      [
        () => admin.admin.protection.exclude({ userId: target, period: "7d", confirmation: "nobody", requestKey: randomUUID() }),
        () =>
          excludeOnPlayersRequest(services, actor, {
            userId: target,
            period: "7d",
            confirmation: "nobody",
            requestKey: randomUUID(),
          }),
      ],
      [() => admin.admin.protection.saferPlay({ limit: 0 }), () => listSaferPlayAccounts(services, { limit: 0 })],
    ];
    for (const [throughProcedure, direct] of pairs) {
      const [viaProcedure, viaFunction] = [await refusal(throughProcedure()), await refusal(direct())];
      expect(viaProcedure.code).toBe("BAD_REQUEST");
      expect(viaProcedure).toEqual(viaFunction);
    }
    expect(await refusal(admin.admin.accounts.adjust({ userId: target, direction: "credit", amount: "1.00", reason: "" }))).toEqual({
      code: "BAD_REQUEST",
      message: "reason: a reason of at least 3 characters is required",
    });
  });

  it("page the admin log with the shared keyset cursor, newest first, none twice", async () => {
    const admin = consoleAs(await account("operator", { role: "admin" }));
    const target = await account("logged");
    for (const amount of ["1.00", "2.00", "3.00"]) {
      await adjustBalance(services, CLI_ACTOR, { userId: target, direction: "credit", amount, reason: `credit ${amount}` });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.admin.log.list({ targetId: target, limit: 2, cursor });
      seen.push(...page.entries.map((entry) => (entry.after as { amount: string }).amount));
      cursor = page.nextCursor ?? undefined;
      expect(page.entries.length).toBeLessThanOrEqual(2);
    } while (cursor);
    expect(seen).toEqual(["3.00", "2.00", "1.00"]);
    expect((await refusal(admin.admin.log.list({ cursor: "12345" }))).code).toBe("BAD_REQUEST");
  });
});
