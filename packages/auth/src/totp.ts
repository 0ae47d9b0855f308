import { timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import type { Deps } from "@prizepacks/core";
import type { Db } from "@prizepacks/db";

/**
 * The TOTP codes of the two-factor plugin (auth.ts passes these to it): six digits, a new one
 * every 30 seconds. Checking accepts the code before and after the current one too (the
 * plugin's window, @better-auth/utils/otp's default of 1 period), for clocks a little off.
 */
export const TOTP_OPTIONS = { digits: 6, period: 30 } as const;
/** How many periods before and after the current one a code is accepted for (the plugin's window). */
const TOTP_WINDOW = 1;
/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = "prizepacks";

/**
 * The outcome of a second-factor check (the same words as @prizepacks/api's SecondFactorCheck).
 * "used": the code is the account's, but was used already: refused, and not a wrong guess.
 */
export type SecondFactorCodeCheck = "ok" | "wrong" | "used" | "not_enrolled";

/** The plugin keeps some secrets as "base32:<text>" (as imported ones); its own are raw text. */
const BASE32_PREFIX = "base32:";

/**
 * The time step whose code this is, among those the plugin's check accepts now (the previous,
 * current and next), or null. Every candidate is compared in full, as the plugin's check does, so
 * the time taken does not tell which one matched; if two steps share the code the newest counts.
 */
export async function matchingTotpStep(secret: string | Uint8Array, code: string): Promise<number | null> {
  const otp = createOTP(secret, TOTP_OPTIONS);
  const current = Math.floor(Date.now() / (TOTP_OPTIONS.period * 1000));
  const expected = Buffer.from(code);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const candidate = Buffer.from(await otp.hotp(step));
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = step;
  }
  return matched;
}

/**
 * Records the step as used if it is newer than the last one used (one conditional UPDATE, so of
 * two checks of the same code at once exactly one moves it): "ok" if it did, "used" otherwise.
 */
export async function useTotpStep(db: Db, twoFactorId: string, step: number): Promise<SecondFactorCodeCheck> {
  const { count } = await db.twoFactor.updateMany({
    where: { id: twoFactorId, OR: [{ lastUsedTotpStep: null }, { lastUsedTotpStep: { lt: step } }] },
    data: { lastUsedTotpStep: step },
  });
  return count === 1 ? "ok" : "used";
}

export type SecretKey = Parameters<typeof symmetricDecrypt>[0]["key"];

/**
 * Sign-in's TOTP step (auth.ts runs this before the plugin's /two-factor/verify-totp): a code
 * that matches the account's authenticator now is recorded as used, exactly as
 * verifySecondFactorCode records it, and "replayed" if its step was used already (sign-in or
 * money). A code that matches nothing is left to the plugin, which counts it as a wrong guess.
 */
export async function claimTotpStepAtSignIn(
  services: Deps,
  input: { userId: string; code: string; key: SecretKey },
): Promise<"claimed" | "replayed" | "unmatched"> {
  const db = services.database.prisma;
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d+$/.test(code) || code.length !== TOTP_OPTIONS.digits) return "unmatched";
  const enrolment = await db.twoFactor.findFirst({ where: { userId: input.userId }, select: { id: true, secret: true, verified: true } });
  if (!enrolment?.verified) return "unmatched";
  const step = await matchingTotpStep(await decryptTotpSecret(input.key, enrolment.secret), code);
  if (step === null) return "unmatched";
  return (await useTotpStep(db, enrolment.id, step)) === "ok" ? "claimed" : "replayed";
}

export async function decryptTotpSecret(key: SecretKey, stored: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data: stored });
  if (!secret.startsWith(BASE32_PREFIX)) return secret;
  return base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase());
}
