import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { Services } from "@prizepacks/core/server";
import type { Db } from "@prizepacks/db";
import type { TakeRateLimitSlot } from "./auth-request-limits.ts";
import { getAuth } from "./session.ts";
import { decryptTotpSecret, matchingTotpStep, TOTP_OPTIONS, useTotpStep, type SecondFactorCodeCheck, type SecretKey } from "./totp.ts";

/** How often a backup code's removal is retried when another one was used at the same moment. */
const BACKUP_CODE_ATTEMPTS = 3;

/**
 * Checks a second-factor code for an account whose two-factor authentication is on: a TOTP code
 * from its authenticator app, or one of its backup codes, which this uses up. Unlike the
 * plugin's /two-factor/verify-* endpoints it creates no session and sets no cookie: it is the
 * check a signed-in player passes before moving money out (the web transport's
 * verifySecondFactor). It reads the plugin's own row (secret and codes encrypted with the auth
 * secret) with better-auth's own helpers.
 *
 * A TOTP code is used once: the row remembers the last time step accepted here
 * (lastUsedTotpStep), and a code whose step is not newer than that is "used". The step is moved
 * forward with a compare and set, so the same code sent twice at once is accepted once and the
 * other is "used". A used code is no guess (only the account's authenticator makes it, and it
 * can no longer move money), so it does not count against the limit below: a form submitted
 * twice does not lock its player out. Sign-in through the
 * plugin's own /two-factor/verify-totp uses the same record (claimTotpStepAtSignIn), so a code
 * that signed in cannot then move money, nor sign in again.
 *
 * Wrong codes count against the account's "secondFactorFailures" limit (policies.ts in
 * @prizepacks/api, handed over as takeRateLimitSlot): every check takes a slot first and gives
 * it back unless the code was wrong, so parallel guesses are counted too; once the limit is
 * reached even the right code is refused, with AppError RATE_LIMITED (429 and Retry-After).
 * A used backup code is gone from the row, so it reads as wrong, unless it was used by a check
 * running at the same moment (the compare and set lost to it): then it is "used".
 */
export async function verifySecondFactorCode(
  services: Services,
  userId: string,
  code: string,
  takeRateLimitSlot: TakeRateLimitSlot,
): Promise<SecondFactorCodeCheck> {
  const slot = await takeRateLimitSlot({ policy: "secondFactorFailures", identifier: `user:${userId}` });
  let outcome: SecondFactorCodeCheck = "wrong";
  try {
    outcome = await checkCode(services, userId, code.replace(/\s+/g, ""));
    return outcome;
  } finally {
    if (outcome !== "wrong") await slot.giveBack();
  }
}

async function checkCode(services: Services, userId: string, code: string): Promise<SecondFactorCodeCheck> {
  const db = services.database.prisma;
  const user = await db.user.findUnique({ where: { id: userId }, select: { twoFactorEnabled: true, twoFactor: true } });
  const enrolment = user?.twoFactor;
  if (!user?.twoFactorEnabled || !enrolment || !enrolment.verified) return "not_enrolled";
  const key = (await getAuth(services).$context).secretConfig;
  if (/^\d+$/.test(code)) {
    if (code.length !== TOTP_OPTIONS.digits) return "wrong";
    const secret = await decryptTotpSecret(key, enrolment.secret);
    const step = await matchingTotpStep(secret, code);
    if (step === null) return "wrong";
    return useTotpStep(db, enrolment.id, step);
  }
  return useBackupCode(db, key, enrolment, code);
}

/**
 * Removes the code from the account's backup codes if it is one of them. The row is rewritten
 * only if its codes are still those read (compare and set), so that a code used twice at once
 * counts once; a different code used at the same moment makes it read again.
 */
async function useBackupCode(
  db: Db,
  key: SecretKey,
  enrolment: { id: string; backupCodes: string },
  code: string,
): Promise<SecondFactorCodeCheck> {
  let stored = enrolment.backupCodes;
  for (let attempt = 0; attempt < BACKUP_CODE_ATTEMPTS; attempt++) {
    const codes = parseCodes(await symmetricDecrypt({ key, data: stored }));
    // Gone after a lost compare and set: a check running at the same moment used this very code.
    if (!codes.includes(code)) return attempt === 0 ? "wrong" : "used";
    const remaining = await symmetricEncrypt({ key, data: JSON.stringify(codes.filter((other) => other !== code)) });
    const { count } = await db.twoFactor.updateMany({ where: { id: enrolment.id, backupCodes: stored }, data: { backupCodes: remaining } });
    if (count === 1) return "ok";
    const reread = await db.twoFactor.findUnique({ where: { id: enrolment.id }, select: { backupCodes: true } });
    if (!reread) return "not_enrolled";
    stored = reread.backupCodes;
  }
  return "wrong";
}

function parseCodes(json: string): string[] {
  try {
    const codes: unknown = JSON.parse(json);
    return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === "string") : [];
  } catch {
    return [];
  }
}
