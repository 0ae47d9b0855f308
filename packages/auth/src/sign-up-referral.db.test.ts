import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createCreatorCode, getReferralStatus } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestUser } from "@prizepacks/core/testing/fixtures";
import type { Database } from "@prizepacks/db";

// The creator code at sign-up (#39), through better-auth as the app serves it: checked before the
// account exists, entered by the user hook once it does.
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
    body: JSON.stringify({ password: "correct horse battery", name: "Player", dateOfBirth: "1990-01-01", ...body }),
  });
  return handleAuthRequest(services, req, noLimits);
}

const email = () => `sign-up-${randomUUID().slice(0, 8)}@test.prizepacks.local`;

describe("sign-up with a creator code", () => {
  it("enters a live code for the new account; an unknown or malformed one is refused before the account exists", async () => {
    const creator = await createTestUser(services);
    const code = `S-${randomUUID().slice(0, 8)}`;
    await createCreatorCode(services, creator.userId, { code });

    const unknown = email();
    const refused = await signUp({ email: unknown, referralCode: "NO-SUCH-CODE" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(404);
    expect(await services.database.prisma.user.findUnique({ where: { email: unknown } })).toBeNull();
    const malformed = await signUp({ email: email(), referralCode: "a b" }).catch((error: unknown) => error);
    expect((malformed as AppError).status).toBe(400);

    const address = email();
    const response = await signUp({ email: address, referralCode: code.toLowerCase() });
    expect(response.status).toBe(200);
    const user = await services.database.prisma.user.findUniqueOrThrow({ where: { email: address } });
    expect(await getReferralStatus(services, user.id)).toMatchObject({ referral: { code }, canEnter: false });

    const without = email();
    expect((await signUp({ email: without, referralCode: "" })).status).toBe(200);
    const plain = await services.database.prisma.user.findUniqueOrThrow({ where: { email: without } });
    expect(await getReferralStatus(services, plain.id)).toMatchObject({ referral: null, canEnter: true });
  });
});
