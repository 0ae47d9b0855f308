import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createUser, listProtectionEvents, parseMoney } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, uniqueEmail } from "@prizepacks/core/testing/fixtures";
import type { Database } from "@prizepacks/db";
import { createContext } from "../../context.ts";
import { createCaller } from "../../root.ts";

// Limits and exclusions through the procedures, as the web app (a session) and a bot (its key)
// reach them: the same refusals on both, and what only the web may do.

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

const PASSWORD = "correct horse battery";

async function player() {
  return createUser(services, { email: uniqueEmail(), balance: parseMoney("20.00"), password: PASSWORD });
}

const web = (userId: string) =>
  createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));
const bot = (apiKey: string) =>
  createCaller(createContext({ source: "rest", services, headers: new Headers({ authorization: `Bearer ${apiKey}` }) }));

async function codeOf(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = error instanceof AppError ? error : (error as { cause?: unknown } | null)?.cause;
  expect(cause, String(error)).toBeInstanceOf(AppError);
  return (cause as AppError).code;
}

describe("player protection procedures", () => {
  it("a time-out set in the web app with the password binds the web session and the API key alike", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const { userId, apiKey } = await player();
    expect(await codeOf(web(userId).me.exclusion.set({ period: "24h", password: "not the password" }))).toBe("BAD_REQUEST");
    expect(await codeOf(bot(apiKey).me.exclusion.set({ period: "24h", password: PASSWORD }))).toBe("FORBIDDEN");
    const exclusion = await web(userId).me.exclusion.set({ period: "24h", password: PASSWORD });
    expect(exclusion.kind).toBe("timeout");

    expect(await codeOf(web(userId).packs.open({ idOrSlug: pack.slug }))).toBe("EXCLUDED");
    expect(await codeOf(bot(apiKey).packs.open({ idOrSlug: pack.slug }))).toBe("EXCLUDED");
    expect((await bot(apiKey).me.limits.get()).exclusion).toEqual(exclusion);
    expect((await web(userId).me.get()).id).toBe(userId);

    // Shortening from the web is refused and logged.
    await web(userId).me.exclusion.set({ period: "7d", password: PASSWORD });
    expect(await codeOf(web(userId).me.exclusion.set({ period: "24h", password: PASSWORD }))).toBe("EXCLUDED");
    expect(await codeOf(web(userId).me.exclusion.resume())).toBe("EXCLUDED");
    const refused = (await listProtectionEvents(services, userId)).filter((event) => event.kind === "exclusion_refused");
    expect(refused).toHaveLength(2);
  });

  it("a key may lower a limit and ask for a raise; only the web session confirms one", async () => {
    const { userId, apiKey } = await player();
    await bot(apiKey).me.limits.set({ kind: "deposit", period: "week", amount: "10.00" });
    const raise = await bot(apiKey).me.limits.set({ kind: "deposit", period: "week", amount: "30.00" });
    expect(raise.pending?.amount).toBe("30.00");
    expect(await codeOf(bot(apiKey).me.limits.confirm({ kind: "deposit", period: "week" }))).toBe("FORBIDDEN");
    // Before its 24 h, the web cannot confirm either.
    expect(await codeOf(web(userId).me.limits.confirm({ kind: "deposit", period: "week" }))).toBe("CONFLICT");
    await database.prisma.$executeRaw`UPDATE spending_limit_change SET "requestedAt" = "requestedAt" - interval '1 day',
      "confirmableAt" = "confirmableAt" - interval '1 day', "lapsesAt" = "lapsesAt" - interval '1 day' WHERE "userId" = ${userId}`;
    const confirmed = await web(userId).me.limits.confirm({ kind: "deposit", period: "week" });
    expect(confirmed.limits.map((limit) => limit.amount)).toEqual(["30.00"]);
  });

  it("the reality check: the interval is the player's (web only), the session's play counts from the server's start", async () => {
    const pack = await createTestPack(services, { price: "2.00" });
    const { userId, apiKey } = await player();
    await web(userId).packs.open({ idOrSlug: pack.slug }); // before the session: not counted

    const started = await web(userId).me.realityCheck.get();
    expect(started).toMatchObject({ minutes: 60, openings: 0, paid: "0.00", won: "0.00", net: "0.00" });
    const first = await web(userId).packs.open({ idOrSlug: pack.slug });
    const second = await web(userId).packs.open({ idOrSlug: pack.slug });
    const won = parseMoney(first.item.value).plus(second.item.value);
    const check = await web(userId).me.realityCheck.get({ since: started.since });
    expect(check).toEqual({
      minutes: 60,
      since: started.since,
      openings: 2,
      battles: 0,
      paid: "4.00",
      won: won.toFixed(2),
      net: won.minus("4.00").toFixed(2),
    });

    expect(await web(userId).me.realityCheck.set({ minutes: 15 })).toEqual({ minutes: 15 });
    expect((await web(userId).me.realityCheck.get({ since: started.since })).minutes).toBe(15);
    expect(await codeOf(web(userId).me.realityCheck.set({ minutes: 45 as 15 }))).toBe("BAD_REQUEST");
    expect(await codeOf(bot(apiKey).me.realityCheck.set({ minutes: 30 }))).toBe("FORBIDDEN");
    expect(await codeOf(bot(apiKey).me.realityCheck.get())).toBe("FORBIDDEN");
  });
});
