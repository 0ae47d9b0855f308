import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

// What an authenticator app shows for the key the security page prints (base32, in groups).

const TOTP_PERIOD_MS = 30_000;

function otpFor(shownKey: string) {
  return createOTP(base32.decode(shownKey.replace(/\s+/g, "").toUpperCase()), { digits: 6, period: 30 });
}

/** The code the app shows now. */
export function totpFor(shownKey: string): Promise<string> {
  return otpFor(shownKey).totp();
}

/** The time step of the code the app shows now. */
export function currentTotpStep(): number {
  return Math.floor(Date.now() / TOTP_PERIOD_MS);
}

/**
 * The code the app shows for a time step after `usedStep`, and that step: a code signs in or
 * approves money out once, so a second one is the app's next code, waited for (as a player
 * would) when the step of the last one has not ended yet.
 */
export async function nextTotpFor(shownKey: string, usedStep: number): Promise<{ code: string; step: number }> {
  const wait = (usedStep + 1) * TOTP_PERIOD_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const step = currentTotpStep();
  return { code: await otpFor(shownKey).hotp(step), step };
}

/** A six-digit code that is not one the app accepts now (the current, previous or next). */
export async function wrongCodeFor(shownKey: string): Promise<string> {
  const otp = otpFor(shownKey);
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate * 111_111 + 123).padStart(6, "0");
    if (!(await otp.verify(code))) return code;
  }
}
