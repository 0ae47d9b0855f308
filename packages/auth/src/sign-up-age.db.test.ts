import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, openServices, type Services } from "@prizepacks/core";
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
});
