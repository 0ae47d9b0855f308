import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { AppError, assertAccountMayAct, enterSignUpReferralCode, provisionAccount, recordSignUpAge } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { CLIENT_ADDRESS_HEADER } from "@prizepacks/core/client-address-header";
import type { Db } from "@prizepacks/db";
import { dataFolder, dbEnv } from "@prizepacks/db/env";
import { appBaseUrl, authEnv, trustedOrigins } from "./env.ts";
import { recordAuthError } from "./auth-request-faults.ts";
import { sendMailInBackground } from "./mail.ts";
import { claimTotpStepAtSignIn, TOTP_ISSUER, TOTP_OPTIONS } from "./totp.ts";

const SESSION_DAYS = 30;

/** BETTER_AUTH_SECRET, or a random secret kept in the data folder across restarts. */
function authSecret(): string {
  const configured = authEnv().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(dbEnv().dataDir, dataFolder.authSecret);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

async function assertMaySignIn(db: Db, userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new APIError("UNAUTHORIZED", { message: "Unknown account." });
  try {
    assertAccountMayAct(user);
  } catch (error) {
    if (error instanceof AppError) throw new APIError("FORBIDDEN", { message: error.message, code: "ACCOUNT_BLOCKED" });
    throw error;
  }
}

/**
 * The account a sign-in's second step is for: the plugin's signed "two_factor" cookie names a
 * verification row whose value is the account id (as the plugin's verifyTwoFactor reads it).
 * Null when there is no such challenge, e.g. a signed-in player confirming their set-up.
 */
async function signInChallengeUserId(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}

export function createAuth(services: Services) {
  const db = services.database.prisma;
  const baseURL = appBaseUrl();
  return betterAuth({
    appName: "prizepacks",
    baseURL,
    secret: authSecret(),
    trustedOrigins: trustedOrigins(),
    database: prismaAdapter(db, { provider: "postgresql" }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Using a link, or changing the password, ends every other reset link of the account: a
      // trigger on the password column does it (migration reset_links_end_with_password).
      //
      // Mails leave after the answer (sendMailInBackground): sent inside the request, the mail
      // provider's delay told who has an account. Unknown addresses get no mail, and a sign-up
      // with a taken address gets the same answer as a new one (better-auth's generic answer).
      sendResetPassword: async ({ user, url }) => {
        sendMailInBackground({
          to: user.email,
          subject: "Reset your prizepacks password",
          text: `Someone asked to reset the password of your prizepacks account. If it was you, open this link within an hour:\n\n${url}\n\nOtherwise ignore this mail.`,
        });
      },
      // A sign-up with a taken address mails its owner instead of a verification link, so that
      // both answers cause a mail (and the owner learns how to get in).
      onExistingUserSignUp: async ({ user }) => {
        sendMailInBackground({
          to: user.email,
          subject: "You already have a prizepacks account",
          text: `Someone asked to create a prizepacks account with this e-mail address, which already has one. If it was you, sign in:\n\n${baseURL}/sign-in\n\nForgot your password? Ask for a new one at ${baseURL}/forgot-password\n\nIf it was not you, ignore this mail: nothing has changed.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        sendMailInBackground({
          to: user.email,
          subject: "Verify your prizepacks e-mail address",
          text: `Welcome to prizepacks! Open this link to verify your e-mail address and sign in:\n\n${url}\n\nThe link is valid for 24 hours.`,
        });
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 3600, updateAge: 24 * 3600 },
    plugins: [
      // Two-factor authentication (TOTP and backup codes), set up in Settings → Security: then
      // asked at sign-in, and by the web transport's verifySecondFactor before money leaves
      // (verifySecondFactorCode, which reads the same row). The secret and the codes are stored
      // encrypted with the auth secret. Sign-in guesses are limited by the plugin (5 per
      // challenge, 10 per account then a 15-minute lock) and per address (auth-request-limits).
      twoFactor({ issuer: TOTP_ISSUER, totpOptions: { ...TOTP_OPTIONS } }),
    ],
    hooks: {
      // A TOTP code signs in once, and a code that signed in cannot also move money (each time
      // step is used once, see claimTotpStepAtSignIn): the plugin's own check has no such record.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/two-factor/verify-totp") return;
        const userId = await signInChallengeUserId(ctx);
        const code: unknown = (ctx.body as { code?: unknown } | undefined)?.code;
        if (!userId || typeof code !== "string") return;
        const claim = await claimTotpStepAtSignIn(services, { userId, code, key: ctx.context.secretConfig });
        if (claim === "replayed") throw new APIError("UNAUTHORIZED", { message: "Invalid code", code: "INVALID_CODE" });
      }),
    },
    // handleAuthRequest turns a 500 caused by the database being down into a 503.
    onAPIError: { onError: (error) => recordAuthError(error) },
    // better-auth's own limiter is replaced by ours (handleAuthRequest, policies in
    // @prizepacks/api): in production it counts in each process's memory (N instances, N times
    // the limit), answers 429 with X-Retry-After but no Retry-After, and when it finds no client
    // address it puts every client in one bucket per path (3 sign-ins per 10 s for the whole site).
    rateLimit: { enabled: false },
    advanced: {
      // Secure cookies wherever the app is served over TLS; plain http only on a developer's loopback.
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The client's address as the app's server resolved it through TRUSTED_PROXIES (it replaces
      // any copy a client sends); better-auth's default, X-Forwarded-For, is whatever a client says.
      // Recorded on sessions.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          // The date of birth the sign-up gave (handleAuthRequest refused a missing or too young
          // one), kept off better-auth's user fields so no endpoint of its returns or changes it.
          // Then the wallet and first seed pair, like admin-created accounts.
          after: async (user, context) => {
            await recordSignUpAge(services, user.id, context?.body);
            await provisionAccount(services, user.id);
            // The creator code given at sign-up, if any (checked in handleAuthRequest).
            await enterSignUpReferralCode(services, user.id, context?.body);
          },
        },
      },
      session: {
        create: {
          // better-auth knows nothing of bans or soft deletes; refuse them a session here.
          before: async (session) => {
            await assertMaySignIn(db, session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
