import { apiEnv } from "../env.ts";

export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * When the limiter cannot answer (Redis down or slow): true refuses the request (503),
   * false lets it through. Paid opens and sign-ins fail closed; reads and mails fail open.
   */
  failClosed: boolean;
  /** What a refusal says to a person (the web app shows it), before "try again in …". */
  refusal?: string;
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The one table of rate limits. API calls are per key (or, for the web, per user), drops and
 * auth requests per client address (see clientAddress), the sign-in and mail limits per
 * e-mail address as typed (lower-cased, trimmed), whether or not an account has it, so that
 * neither their counts nor their refusals tell who has an account.
 */
export function rateLimitPolicies() {
  const env = apiEnv();
  return {
    open: { name: "open", limit: env.RATE_LIMIT_OPEN_PER_MINUTE, windowSeconds: 60, failClosed: true },
    /**
     * Taking battle seats (creating a battle, joining one), per key: they are paid like opens, so
     * they fail closed; a battle's rounds are drawn at settlement and never count as opens.
     */
    battles: { name: "battles", limit: env.RATE_LIMIT_BATTLES_PER_MINUTE, windowSeconds: 60, failClosed: true },
    /**
     * Upgrades and exchanges, per key: they stake or trade items (an upgrade is a wager), so they
     * fail closed like opens, under a limit of their own (an opening's does not count them).
     */
    upgrades: { name: "upgrades", limit: env.RATE_LIMIT_UPGRADES_PER_MINUTE, windowSeconds: 60, failClosed: true },
    /**
     * Reward claims (rakeback, the daily case), per key: they credit money or open a pack, so they
     * fail closed; 20 a minute is far above any honest use (a claim takes everything claimable).
     */
    rewards: { name: "rewards", limit: 20, windowSeconds: 60, failClosed: true },
    api: { name: "api", limit: env.RATE_LIMIT_API_PER_MINUTE, windowSeconds: 60, failClosed: false },
    /** Connections to the public drop feed, per client address (it needs no key). */
    drops: { name: "drops", limit: env.RATE_LIMIT_DROPS_PER_MINUTE, windowSeconds: 60, failClosed: false },
    /**
     * The public transparency log's reads (no key), per client address. Fails open, as every read
     * does: the log is public data, and a limiter outage must not hide it from its auditors.
     */
    transparency: { name: "transparency", limit: env.RATE_LIMIT_TRANSPARENCY_PER_MINUTE, windowSeconds: 60, failClosed: false },
    /** Auth requests that check a password or send a mail, per client address: one address trying many accounts. */
    authAddress: {
      name: "authAddress",
      limit: env.RATE_LIMIT_AUTH_PER_MINUTE,
      windowSeconds: 60,
      failClosed: false,
      refusal: "Too many sign-in, sign-up and password requests from your address",
    },
    /**
     * Failed sign-ins per account, from any address (many addresses trying one account). Every
     * sign-in takes a slot and gives it back unless it failed (401), so parallel guesses are
     * counted too; once full, the right password is refused as well. Fails closed: an outage of
     * the store must not open unlimited guessing (sessions and API keys keep working).
     */
    signInFailures: {
      name: "signInFailures",
      limit: 10,
      windowSeconds: FIFTEEN_MINUTES,
      failClosed: true,
      refusal: "Too many failed sign-ins for this account",
    },
    /**
     * Wrong second-factor codes per account (verifySecondFactorCode in @prizepacks/auth: the
     * check before money leaves). Counted like signInFailures: taken first, given back unless
     * the code was wrong; once full, the right code is refused too. Fails closed.
     */
    secondFactorFailures: {
      name: "secondFactorFailures",
      limit: 5,
      windowSeconds: FIFTEEN_MINUTES,
      failClosed: true,
      refusal: "Too many wrong two-factor codes for this account",
    },
    /** Password-reset mails per e-mail address. */
    passwordResetMails: {
      name: "passwordResetMails",
      limit: 3,
      windowSeconds: FIFTEEN_MINUTES,
      failClosed: false,
      refusal: "Too many password reset links asked for this address",
    },
    /** Verification mails per e-mail address: the sign-up's (or the mail to an existing account) and each resend. */
    verificationMails: {
      name: "verificationMails",
      limit: 3,
      windowSeconds: FIFTEEN_MINUTES,
      failClosed: false,
      refusal: "Too many verification links asked for this address",
    },
  } satisfies Record<string, RateLimitPolicy>;
}

export type RateLimitPolicyName = keyof ReturnType<typeof rateLimitPolicies>;
