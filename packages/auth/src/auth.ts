import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError } from "better-auth/api";
import { AppError, assertAccountMayAct, provisionAccount } from "@prizepacks/core";
import type { Db } from "@prizepacks/db";
import { dbEnv } from "@prizepacks/db/env";
import { appBaseUrl, authEnv, trustedOrigins } from "./env.ts";
import { recordAuthError } from "./handle-auth-request.ts";
import { sendMail } from "./mail.ts";

const SESSION_DAYS = 30;

/** BETTER_AUTH_SECRET, or a random secret kept in the data folder across restarts. */
function authSecret(): string {
  const configured = authEnv().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(dbEnv().dataDir, "auth-secret");
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

export function createAuth(db: Db) {
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
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Reset your prizepacks password",
          text: `Someone asked to reset the password of your prizepacks account. If it was you, open this link within an hour:\n\n${url}\n\nOtherwise ignore this mail.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Verify your prizepacks e-mail address",
          text: `Welcome to prizepacks! Open this link to verify your e-mail address and sign in:\n\n${url}\n\nThe link is valid for 24 hours.`,
        });
      },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 3600, updateAge: 24 * 3600 },
    // handleAuthRequest turns a 500 caused by the database being down into a 503.
    onAPIError: { onError: (error) => recordAuthError(error) },
    advanced: {
      // Secure cookies wherever the app is served over TLS; plain http only on a developer's loopback.
      useSecureCookies: baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its wallet and first seed pair at sign-up, like admin-created ones.
          after: async (user) => provisionAccount(db, user.id),
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
