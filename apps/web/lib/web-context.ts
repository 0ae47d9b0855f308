import { createContext } from "@prizepacks/api";
import { takeRateLimitSlot } from "@prizepacks/api/rate-limit";
import { appBaseUrl, findActingUserId, sendMailInBackground, verifySecondFactorCode } from "@prizepacks/auth";
import { services } from "./database";

/** The tRPC context of a web request: the caller is the signed-in session, never an API key. */
export async function createWebContext(headers: Headers) {
  const opened = await services();
  return createContext({
    source: "web",
    services: opened,
    headers,
    resolveSessionUserId: () => findActingUserId(opened, headers),
    // The account's TOTP or a backup code (used up), checked without touching the session; wrong
    // codes are limited per account (policy secondFactorFailures: RATE_LIMITED, 429, when full).
    verifySecondFactor: (userId, code) => verifySecondFactorCode(opened, userId, code, takeRateLimitSlot),
    mailer: { send: sendMailInBackground, linkBase: appBaseUrl() },
  });
}
