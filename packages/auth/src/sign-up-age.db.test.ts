import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, CLI_ACTOR, clearAgeRefusal, createUser, listAgeRefusals, parseMoney, recordSignUpAge } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";

// A sign-up through better-auth as the app serves it (handleAuthRequest): the date of birth is
// checked before the account exists and stored on its row by the user hook.
process.env.BETTER_AUTH_SECRET ??= "a test secret of at least thirty-two characters";
const { handleAuthRequest } = await import("./handle-auth-request.ts");

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

const noLimits = async () => ({ giveBack: async () => undefined });

function signUp(body: Record<string, unknown>) {
  const req = new Request("http://localhost:3000/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000" },
    body: JSON.stringify({ password: "correct horse battery", name: "Player", ...body }),
  });
  return handleAuthRequest(services, req, noLimits);
}

async function refusalOf(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "refused").toBeInstanceOf(AppError);
  return error as AppError;
}

const email = () => `sign-up-${randomUUID().slice(0, 8)}@test.prizepacks.local`;
const bornYearsAgo = (years: number, days = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
};

describe("sign-up and the date of birth", () => {
  it("refuses one day under 18 (403 UNDER_AGE) and a missing date (400), making no account", async () => {
    const young = email();
    const refused = await refusalOf(signUp({ email: young, dateOfBirth: bornYearsAgo(18, 1) }));
    expect([refused.code, refused.status, refused.message]).toEqual([
      "UNDER_AGE",
      403,
      "You must be at least 18 years old to use prizepacks.",
    ]);
    const missing = await refusalOf(signUp({ email: email() }));
    expect(missing.code).toBe("BAD_REQUEST");
    expect(missing.message).toMatch(/^dateOfBirth: /);
    expect(await database.prisma.user.count({ where: { email: young } })).toBe(0);
  });

  it("stores an adult's date of birth as the player's confirmation; the wallet opens", async () => {
    const address = email();
    const dateOfBirth = bornYearsAgo(18);
    const response = await signUp({ email: address, dateOfBirth });
    expect(response.status).toBe(200);
    const user = await database.prisma.user.findUniqueOrThrow({ where: { email: address }, include: { wallet: true } });
    expect(user.dateOfBirth?.toISOString().slice(0, 10)).toBe(dateOfBirth);
    expect(user.ageConfirmedBy).toBe("player");
    expect(user.wallet?.ageUnconfirmed).toBe(false);
  });

  it("remembers a refused date for the e-mail: another date waits for an operator's review (403 AGE_REVIEW_REQUIRED), the same one is UNDER_AGE", async () => {
    const address = email();
    const tooYoung = bornYearsAgo(18, 1);
    expect((await refusalOf(signUp({ email: address, dateOfBirth: tooYoung }))).code).toBe("UNDER_AGE");

    // The same person, at once, with an adult's date, also in other letters and with spaces.
    for (const retry of [address, ` ${address.toUpperCase()} `]) {
      const review = await refusalOf(signUp({ email: retry, dateOfBirth: "1990-01-01" }));
      expect([review.code, review.status]).toEqual(["AGE_REVIEW_REQUIRED", 403]);
      expect(review.message).toMatch(/An operator will review it/);
      expect(review.message).not.toContain("1990-01-01");
    }
    expect((await refusalOf(signUp({ email: address, dateOfBirth: tooYoung }))).code).toBe("UNDER_AGE");
    expect(await database.prisma.user.count({ where: { email: address } })).toBe(0);

    // The console's list: the e-mail, the refused date, and that another date was tried.
    const waiting = (await listAgeRefusals(services)).find((row) => row.email === address);
    expect(waiting).toMatchObject({ userId: null, dateOfBirth: tooYoung, retriedAt: expect.any(String) });

    // Once an operator has reviewed and cleared it, an adult's date is taken.
    await clearAgeRefusal(services, CLI_ACTOR, { ageRefusalId: waiting!.id });
    const log = await database.prisma.adminLog.findFirstOrThrow({ where: { action: "age_refusal.cleared", targetId: waiting!.id } });
    expect(log.before).toMatchObject({ email: address });
    expect(JSON.stringify([log.before, log.after])).not.toContain(tooYoung);
    expect((await signUp({ email: address, dateOfBirth: "1990-01-01" })).status).toBe(200);
    const user = await database.prisma.user.findUniqueOrThrow({ where: { email: address } });
    expect([user.dateOfBirth?.toISOString().slice(0, 10), user.ageConfirmedBy]).toEqual(["1990-01-01", "player"]);
  });

  it("leaves unconfirmed an account whose sign-up passed while the same e-mail was refused as too young", async () => {
    const address = email();
    // The refusal lands between this sign-up's check and its account's creation.
    await database.prisma.ageRefusal.create({ data: { email: address, dateOfBirth: new Date(`${bornYearsAgo(15)}T00:00:00Z`) } });
    const { userId } = await createUser(services, { email: address, balance: parseMoney("0.00"), ageConfirmation: false });
    await recordSignUpAge(services, userId, { dateOfBirth: "1990-01-01" });
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: userId }, include: { ageRefusal: true } });
    expect([user.ageConfirmedAt, user.ageRefusal?.email]).toEqual([null, address]);
  });
});
