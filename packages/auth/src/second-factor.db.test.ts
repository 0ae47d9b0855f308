import { randomUUID } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createUser } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";
import type { AuthRateLimitPolicy, TakeRateLimitSlot } from "./auth-request-limits.ts";

// verifySecondFactorCode against an enrolment made by better-auth's two-factor plugin itself
// (its endpoints, as the app serves them through handleAuthRequest): the check before money
// leaves, which must accept the account's TOTP or a backup code once, and leave sessions alone.
process.env.BETTER_AUTH_SECRET ??= "a test secret of at least thirty-two characters";
const { handleAuthRequest } = await import("./handle-auth-request.ts");
const { verifySecondFactorCode } = await import("./second-factor.ts");
const { TOTP_OPTIONS } = await import("./totp.ts");

let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

const noLimits: TakeRateLimitSlot = async () => ({ giveBack: async () => undefined });

/**
 * The limiter's contract as @prizepacks/api's takeRateLimitSlot keeps it (that package may not
 * be imported here): a slot per call, refused with RATE_LIMITED once `limit` are held, giveBack
 * frees one. Counts are kept so the test can see what stayed counted.
 */
function countingLimiter(limit: number) {
  const held = new Map<string, number>();
  const key = (policy: AuthRateLimitPolicy, identifier: string) => `${policy}:${identifier}`;
  const take: TakeRateLimitSlot = async ({ policy, identifier }) => {
    const k = key(policy, identifier);
    const count = held.get(k) ?? 0;
    if (count >= limit)
      throw new AppError("RATE_LIMITED", "Too many wrong two-factor codes for this account: try again later.", { retryAfterSeconds: 900 });
    held.set(k, count + 1);
    let given = false;
    return {
      giveBack: async () => {
        if (given) return;
        given = true;
        held.set(k, (held.get(k) ?? 1) - 1);
      },
    };
  };
  return { take, held: (policy: AuthRateLimitPolicy, identifier: string) => held.get(key(policy, identifier)) ?? 0 };
}

const PASSWORD = "correct horse battery";

async function authPost(path: string, body: unknown, cookie = ""): Promise<{ status: number; json: any; cookies: string[] }> {
  const req = new Request(`http://localhost:3000/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie },
    body: JSON.stringify(body),
  });
  const response = await handleAuthRequest(services, req, noLimits);
  return { status: response.status, json: await response.json(), cookies: response.headers.getSetCookie() };
}

const cookieHeader = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

const totpNow = (secret: string) => createOTP(secret, TOTP_OPTIONS).totp();
const secretOf = (totpURI: string) => new URL(totpURI).searchParams.get("secret")!;

/** An account that turned two-factor on through the plugin: its session, TOTP secret and backup codes. */
async function enrolledAccount() {
  const { userId, email } = await createUser(services, {
    email: `tf-${randomUUID().slice(0, 8)}@test.prizepacks.local`,
    password: PASSWORD,
  });
  const signIn = await authPost("/sign-in/email", { email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  let cookie = cookieHeader(signIn.cookies);
  const enable = await authPost("/two-factor/enable", { password: PASSWORD }, cookie);
  expect(enable.status).toBe(200);
  const totpURI: string = enable.json.totpURI;
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/prizepacks:/);
  // The authenticator app's secret is base32 in the URI; better-auth's OTP helper takes the raw text.
  const { base32 } = await import("@better-auth/utils/base32");
  const secret = new TextDecoder().decode(base32.decode(secretOf(totpURI)));
  const confirm = await authPost("/two-factor/verify-totp", { code: await totpNow(secret) }, cookie);
  expect(confirm.status).toBe(200);
  cookie = cookieHeader(confirm.cookies);
  return { userId, email, cookie, secret, backupCodes: enable.json.backupCodes as string[] };
}

const sessionsOf = (userId: string) => database.prisma.session.findMany({ where: { userId }, select: { token: true } });

describe("verifySecondFactorCode", () => {
  it("accepts the account's current TOTP code, creating no session", async () => {
    const account = await enrolledAccount();
    const before = await sessionsOf(account.userId);
    expect(await verifySecondFactorCode(services, account.userId, await totpNow(account.secret), noLimits)).toBe("ok");
    expect(await sessionsOf(account.userId)).toEqual(before);
  });

  it("refuses a wrong code and counts it against the account; right codes are given back", async () => {
    const account = await enrolledAccount();
    const limiter = countingLimiter(5);
    const current = await totpNow(account.secret);
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await verifySecondFactorCode(services, account.userId, wrong, limiter.take)).toBe("wrong");
    expect(await verifySecondFactorCode(services, account.userId, "12345", limiter.take)).toBe("wrong");
    expect(await verifySecondFactorCode(services, account.userId, "nope-nope", limiter.take)).toBe("wrong");
    expect(limiter.held("secondFactorFailures", `user:${account.userId}`)).toBe(3);
    expect(await verifySecondFactorCode(services, account.userId, current, limiter.take)).toBe("ok");
    expect(limiter.held("secondFactorFailures", `user:${account.userId}`)).toBe(3);
  });

  it("refuses even the right code once the account's wrong codes fill the limit (429)", async () => {
    const account = await enrolledAccount();
    const limiter = countingLimiter(2);
    await verifySecondFactorCode(services, account.userId, "000000-x", limiter.take);
    await verifySecondFactorCode(services, account.userId, "000000-y", limiter.take);
    const refusal = await verifySecondFactorCode(services, account.userId, await totpNow(account.secret), limiter.take).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect([(refusal as AppError).code, (refusal as AppError).status]).toEqual(["RATE_LIMITED", 429]);
  });

  it("accepts a TOTP code once: used again, it is refused as used and is no wrong guess", async () => {
    const account = await enrolledAccount();
    const limiter = countingLimiter(5);
    const code = await totpNow(account.secret);
    expect(await verifySecondFactorCode(services, account.userId, code, limiter.take)).toBe("ok");
    expect(await verifySecondFactorCode(services, account.userId, code, limiter.take)).toBe("used");
    expect(await verifySecondFactorCode(services, account.userId, ` ${code} `, limiter.take)).toBe("used");
    expect(limiter.held("secondFactorFailures", `user:${account.userId}`)).toBe(0);
  });

  it("a form submitted ten times with one code, checked in turn as the account's requests are: one ok, nine used, no lock-out", async () => {
    const account = await enrolledAccount();
    // The policy's own limit (secondFactorFailures: 5 in 15 minutes).
    const limiter = countingLimiter(5);
    const otp = createOTP(account.secret, TOTP_OPTIONS);
    const step = Math.floor(Date.now() / (TOTP_OPTIONS.period * 1000));
    const [code, next] = await Promise.all([otp.hotp(step), otp.hotp(step + 1)]);
    expect(next).not.toBe(code);
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) outcomes.push(await verifySecondFactorCode(services, account.userId, code, limiter.take));
    expect(outcomes).toEqual(["ok", ...Array<string>(9).fill("used")]);
    expect(limiter.held("secondFactorFailures", `user:${account.userId}`)).toBe(0);
    expect(await verifySecondFactorCode(services, account.userId, next, limiter.take)).toBe("ok");
  });

  it("uses a TOTP code once when it is sent several times at the same moment", async () => {
    const account = await enrolledAccount();
    const code = await totpNow(account.secret);
    const outcomes = await Promise.all([0, 1, 2].map(() => verifySecondFactorCode(services, account.userId, code, noLimits)));
    expect(outcomes.sort()).toEqual(["ok", "used", "used"]);
  });

  it("accepts the next step's code after the current one, and then no older code", async () => {
    const account = await enrolledAccount();
    const otp = createOTP(account.secret, TOTP_OPTIONS);
    const step = Math.floor(Date.now() / (TOTP_OPTIONS.period * 1000));
    const [current, next] = await Promise.all([otp.hotp(step), otp.hotp(step + 1)]);
    // Steps sharing a code (one chance in a million) would make the next code used already.
    expect(next).not.toBe(current);
    expect(await verifySecondFactorCode(services, account.userId, current, noLimits)).toBe("ok");
    // The plugin's window accepts the next step's code already (a phone clock a little ahead).
    expect(await verifySecondFactorCode(services, account.userId, next, noLimits)).toBe("ok");
    expect(await verifySecondFactorCode(services, account.userId, current, noLimits)).toBe("used");
    expect(await verifySecondFactorCode(services, account.userId, next, noLimits)).toBe("used");
    // Backup codes are not held back by the used steps.
    expect(await verifySecondFactorCode(services, account.userId, account.backupCodes[0]!, noLimits)).toBe("ok");
  });

  it("accepts a backup code once: used again, it is wrong; the other codes still work", async () => {
    const account = await enrolledAccount();
    const [first, second] = account.backupCodes;
    expect(account.backupCodes).toHaveLength(10);
    expect(await verifySecondFactorCode(services, account.userId, first!, noLimits)).toBe("ok");
    expect(await verifySecondFactorCode(services, account.userId, first!, noLimits)).toBe("wrong");
    expect(await verifySecondFactorCode(services, account.userId, ` ${second!} `, noLimits)).toBe("ok");
  });

  it("uses a backup code once when it is sent twice at the same moment", async () => {
    const account = await enrolledAccount();
    const code = account.backupCodes[0]!;
    const outcomes = await Promise.all([0, 1, 2].map(() => verifySecondFactorCode(services, account.userId, code, noLimits)));
    // "used" when its compare and set lost to the one that used it; "wrong" when it read the row after.
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== "ok").every((outcome) => outcome === "used" || outcome === "wrong")).toBe(true);
  });

  it("answers not_enrolled for accounts without two-factor, or whose set-up was never confirmed", async () => {
    const { userId } = await createUser(services, {
      email: `plain-${randomUUID().slice(0, 8)}@test.prizepacks.local`,
      password: PASSWORD,
    });
    const limiter = countingLimiter(5);
    expect(await verifySecondFactorCode(services, userId, "123456", limiter.take)).toBe("not_enrolled");
    expect(limiter.held("secondFactorFailures", `user:${userId}`)).toBe(0);

    // Enable asked for, never confirmed with a code: the plugin keeps the row unverified.
    const { email } = await database.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    const signIn = await authPost("/sign-in/email", { email, password: PASSWORD });
    const enable = await authPost("/two-factor/enable", { password: PASSWORD }, cookieHeader(signIn.cookies));
    expect(enable.status).toBe(200);
    expect(await verifySecondFactorCode(services, userId, enable.json.backupCodes[0], noLimits)).toBe("not_enrolled");
  });

  it("answers not_enrolled once two-factor is turned off", async () => {
    const account = await enrolledAccount();
    const disable = await authPost("/two-factor/disable", { password: PASSWORD }, account.cookie);
    expect(disable.status).toBe(200);
    expect(await verifySecondFactorCode(services, account.userId, account.backupCodes[0]!, noLimits)).toBe("not_enrolled");
  });
});

describe("sign-in with two-factor on", () => {
  it("uses a TOTP code once: a code that signed in neither signs in again nor moves money", async () => {
    const account = await enrolledAccount();
    const code = await totpNow(account.secret);
    const first = await authPost("/sign-in/email", { email: account.email, password: PASSWORD });
    const verified = await authPost("/two-factor/verify-totp", { code }, cookieHeader(first.cookies));
    expect(verified.status).toBe(200);
    expect(await verifySecondFactorCode(services, account.userId, code, noLimits)).toBe("used");
    const second = await authPost("/sign-in/email", { email: account.email, password: PASSWORD });
    const replayed = await authPost("/two-factor/verify-totp", { code }, cookieHeader(second.cookies));
    expect(replayed.status).toBe(401);
    expect(replayed.json).toMatchObject({ code: "INVALID_CODE" });
    expect(replayed.cookies.some((c) => /session_token=[^;]+/.test(c))).toBe(false);
  });

  it("asks for the second factor instead of opening a session, then opens one for the code", async () => {
    const account = await enrolledAccount();
    const signIn = await authPost("/sign-in/email", { email: account.email, password: PASSWORD });
    expect(signIn.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(signIn.cookies.some((c) => c.includes("session_token=") && !c.includes("session_token=;"))).toBe(false);
    const verified = await authPost("/two-factor/verify-backup-code", { code: account.backupCodes[3] }, cookieHeader(signIn.cookies));
    expect(verified.status).toBe(200);
    expect(verified.cookies.some((c) => /session_token=[^;]+/.test(c))).toBe(true);
  });
});
