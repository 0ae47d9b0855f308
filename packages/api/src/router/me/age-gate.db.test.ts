import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createUser, getAccountForAdmin, parseMoney } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { runAdminCommand } from "@prizepacks/core/admin";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, createTestUser, uniqueEmail } from "@prizepacks/core/testing/fixtures";
import type { Database } from "@prizepacks/db";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";

// The age gate through the procedures, as the web app (a session) and a bot (its key) reach
// them: an unconfirmed account is refused on both, only the web session confirms.

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

const web = (userId: string) =>
  createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));
const bot = (apiKey: string) =>
  createCaller(createContext({ source: "rest", services, headers: new Headers({ authorization: `Bearer ${apiKey}` }) }));

async function refusalOf(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = error instanceof AppError ? error : (error as { cause?: unknown } | null)?.cause;
  expect(cause, String(error)).toBeInstanceOf(AppError);
  return cause as AppError;
}

/** A date of birth `years` years before today (UTC), `days` days later. */
function bornYearsAgo(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

async function openingsOf(userId: string) {
  return database.prisma.spin.count({ where: { userId } });
}

describe("the age gate on openings", () => {
  it("refuses an unconfirmed account over the web session and the API key (403 AGE_UNCONFIRMED), nothing debited", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const { userId, apiKey } = await createTestUser(services, { balance: "5.00", ageConfirmation: false });

    for (const caller of [web(userId), bot(apiKey)]) {
      const refusal = await refusalOf(caller.packs.open({ idOrSlug: pack.slug }));
      expect(refusal.code).toBe("AGE_UNCONFIRMED");
      expect(refusal.status).toBe(403);
      expect(refusal.message).toContain("/settings/age");
    }
    // A short balance hears what to do first, too.
    const expensive = await createTestPack(services, { price: "50.00" });
    expect((await refusalOf(bot(apiKey).boxes.open({ idOrSlug: expensive.slug }))).code).toBe("AGE_UNCONFIRMED");

    expect(await openingsOf(userId)).toBe(0);
    expect((await database.prisma.wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2)).toBe("5.00");
    // Reading the account still works.
    expect((await bot(apiKey).me.get()).balanceString).toBe("5.00");
  });

  it("confirming is for the web session only, refused under MINIMUM_AGE (18), then openings work on both channels", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const { userId, apiKey } = await createTestUser(services, { balance: "5.00", ageConfirmation: false });
    expect(await web(userId).me.age.get()).toEqual({ dateOfBirth: null, confirmedAt: null, confirmedBy: null });

    expect((await refusalOf(bot(apiKey).me.age.confirm({ dateOfBirth: bornYearsAgo(30) }))).code).toBe("FORBIDDEN");
    expect((await refusalOf(bot(apiKey).me.age.get())).code).toBe("FORBIDDEN");

    // One day short of 18: refused, with the rule and not the date in the message.
    const underAge = await refusalOf(web(userId).me.age.confirm({ dateOfBirth: bornYearsAgo(18, 1) }));
    expect(underAge.code).toBe("UNDER_AGE");
    expect(underAge.status).toBe(403);
    expect(underAge.message).toBe("You must be at least 18 years old to use prizepacks.");
    expect((await refusalOf(web(userId).me.age.confirm({ dateOfBirth: "2001-02-30" }))).code).toBe("BAD_REQUEST");
    expect((await refusalOf(web(userId).me.age.confirm({ dateOfBirth: "30/01/2001" }))).code).toBe("BAD_REQUEST");
    expect((await refusalOf(bot(apiKey).packs.open({ idOrSlug: pack.slug }))).code).toBe("AGE_UNCONFIRMED");

    // The refused date is remembered for the account: another one waits for an operator's
    // review, the same one is refused as before.
    const dateOfBirth = bornYearsAgo(18);
    const review = await refusalOf(web(userId).me.age.confirm({ dateOfBirth }));
    expect([review.code, review.status]).toEqual(["AGE_REVIEW_REQUIRED", 403]);
    expect(review.message).toMatch(/An operator will review it/);
    expect((await refusalOf(web(userId).me.age.confirm({ dateOfBirth: bornYearsAgo(18, 1) }))).code).toBe("UNDER_AGE");
    expect((await refusalOf(bot(apiKey).packs.open({ idOrSlug: pack.slug }))).code).toBe("AGE_UNCONFIRMED");

    // The console lists it for admins only; an admin clears it after review, in the admin log.
    const { userId: adminId } = await createTestUser(services);
    await database.prisma.user.update({ where: { id: adminId }, data: { role: "admin" } });
    expect((await refusalOf(web(userId).admin.ageRefusals.list())).code).toBe("FORBIDDEN");
    const waiting = (await web(adminId).admin.ageRefusals.list()).find((row) => row.userId === userId);
    expect(waiting).toMatchObject({ dateOfBirth: bornYearsAgo(18, 1), retriedAt: expect.any(String) });
    await web(adminId).admin.ageRefusals.clear({ ageRefusalId: waiting!.id, requestKey: randomUUID() });
    const logged = await database.prisma.adminLog.findFirstOrThrow({ where: { action: "age_refusal.cleared", targetId: userId } });
    expect(logged.actorId).toBe(adminId);
    expect((await web(adminId).admin.ageRefusals.list()).some((row) => row.userId === userId)).toBe(false);

    // 18 today is old enough.
    const confirmed = await web(userId).me.age.confirm({ dateOfBirth });
    expect(confirmed).toMatchObject({ dateOfBirth, confirmedBy: "player" });
    expect(await web(userId).me.age.get()).toEqual(confirmed);
    // Once only: a confirmed date is not changed by its player.
    expect((await refusalOf(web(userId).me.age.confirm({ dateOfBirth: bornYearsAgo(40) }))).code).toBe("CONFLICT");

    await web(userId).packs.open({ idOrSlug: pack.slug });
    await bot(apiKey).packs.open({ idOrSlug: pack.slug });
    expect(await openingsOf(userId)).toBe(2);

    // Personal data: not in the account's events (webhooks carry the same), not in GET /v1/me.
    const events = await database.prisma.accountEvent.findMany({ where: { userId } });
    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(dateOfBirth);
    expect(JSON.stringify(await bot(apiKey).me.get())).not.toContain(dateOfBirth);
    // The operators' console shows it.
    expect((await getAccountForAdmin(services, userId)).account.age).toEqual(confirmed);
  });

  it("accounts made by the admin CLI carry the operator's confirmation and open at once; --no-age-confirmation leaves it to the player", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const vouched = await runAdminCommand(services, "user:create", { email: uniqueEmail("cli-bot"), balance: "3.00" });
    await bot(vouched.result.apiKey as string).packs.open({ idOrSlug: pack.slug });
    const row = await database.prisma.user.findUniqueOrThrow({ where: { id: vouched.result.userId as string } });
    expect([row.ageConfirmedBy, row.dateOfBirth]).toEqual(["operator", null]);

    const unvouched = await runAdminCommand(services, "user:create", {
      email: uniqueEmail("cli-player"),
      balance: "3.00",
      "no-age-confirmation": "true",
    });
    const apiKey = unvouched.result.apiKey as string;
    expect((await refusalOf(bot(apiKey).packs.open({ idOrSlug: pack.slug }))).code).toBe("AGE_UNCONFIRMED");
    await web(unvouched.result.userId as string).me.age.confirm({ dateOfBirth: "1990-04-17" });
    await bot(apiKey).packs.open({ idOrSlug: pack.slug });
  });

  it("keeps the wallet's flag equal to the user row whoever writes them, so open_pack's fast path cannot miss a refusal", async () => {
    const { userId } = await createUser(services, { email: uniqueEmail(), balance: parseMoney("1.00"), ageConfirmation: false });
    const flag = async () => (await database.prisma.wallet.findUniqueOrThrow({ where: { userId } })).ageUnconfirmed;
    expect(await flag()).toBe(true);
    await database.prisma.user.update({ where: { id: userId }, data: { ageConfirmedAt: new Date(), ageConfirmedBy: "operator" } });
    expect(await flag()).toBe(false);
    await database.prisma.user.update({ where: { id: userId }, data: { ageConfirmedAt: null, ageConfirmedBy: null } });
    expect(await flag()).toBe(true);
    // The database ties the columns together: a player's confirmation needs a date of birth.
    await expect(
      database.prisma.user.update({ where: { id: userId }, data: { ageConfirmedAt: new Date(), ageConfirmedBy: "player" } }),
    ).rejects.toThrow(/user_age_confirmation_check/);
  });
});
