import { createHash } from "node:crypto";

/** The rate-limit policies auth requests count against (the table is @prizepacks/api's policies.ts). */
export type AuthRateLimitPolicy = "authAddress" | "signInFailures" | "passwordResetMails" | "verificationMails" | "secondFactorFailures";

/**
 * Counts one request against a policy, or throws AppError RATE_LIMITED (429) or UNAVAILABLE
 * (503). The app passes @prizepacks/api's takeRateLimitSlot: this package may not import it.
 */
export type TakeRateLimitSlot = (options: { policy: AuthRateLimitPolicy; identifier: string }) => Promise<{ giveBack(): Promise<void> }>;

export interface AuthRequestCount {
  policy: AuthRateLimitPolicy;
  identifier: string;
  /** Whether the request stays counted, given the status better-auth answered. */
  keepsCount: (status: number) => boolean;
}

/** better-auth's base path (its default, which auth.ts keeps). */
const AUTH_BASE_PATH = "/api/auth";

const always = () => true;
const whenAnswered = (status: number) => status < 400;
/** Wrong password or unknown e-mail: better-auth answers both with the same 401. */
const whenSignInFailed = (status: number) => status === 401;

/** What each request that checks a password or sends a mail counts against, besides its address. */
const COUNTED_BY_EMAIL: Record<string, { policy: AuthRateLimitPolicy; keepsCount: (status: number) => boolean } | null> = {
  "/sign-in/email": { policy: "signInFailures", keepsCount: whenSignInFailed },
  // A sign-up mails the address: a verification link, or a note that it has an account already.
  "/sign-up/email": { policy: "verificationMails", keepsCount: whenAnswered },
  "/send-verification-email": { policy: "verificationMails", keepsCount: whenAnswered },
  "/request-password-reset": { policy: "passwordResetMails", keepsCount: whenAnswered },
  "/reset-password": null,
  "/change-password": null,
  "/change-email": null,
  // Two-factor: the sign-in's second step (the plugin also limits guesses per challenge and per
  // account) and the settings that check the password.
  "/two-factor/verify-totp": null,
  "/two-factor/verify-backup-code": null,
  "/two-factor/enable": null,
  "/two-factor/disable": null,
  "/two-factor/generate-backup-codes": null,
  "/two-factor/get-totp-uri": null,
};

/** The e-mail as the limits key it: trimmed and lower-cased, then hashed (no addresses in Redis). */
export function emailLimitIdentifier(email: string): string {
  return `email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32)}`;
}

/**
 * The better-auth endpoint a POST reaches ("/sign-up/email"), from the URL's pathname exactly as
 * better-auth's router matches it (no decoding); null for any other request.
 */
export function authPostEndpoint(method: string, path: string): string | null {
  if (method !== "POST" || !path.startsWith(`${AUTH_BASE_PATH}/`)) return null;
  // A trailing slash reaches the same endpoint if better-auth's skipTrailingSlashes is ever turned on.
  return path.slice(AUTH_BASE_PATH.length).replace(/(.)\/$/, "$1");
}

/**
 * The limits a better-auth request counts against. `path` is the URL's pathname exactly as
 * better-auth's router matches it (no decoding), `body` as better-auth parses it (readAuthBody),
 * `clientAddress` the address the app's server stamped (null when the request did not come
 * through it, as under a bare `next start`: then no address limit, rather than one shared by all).
 */
export function authRequestCounts(method: string, path: string, body: unknown, clientAddress: string | null): AuthRequestCount[] {
  const endpoint = authPostEndpoint(method, path);
  if (endpoint === null || !(endpoint in COUNTED_BY_EMAIL)) return [];
  const counts: AuthRequestCount[] = [];
  if (clientAddress) counts.push({ policy: "authAddress", identifier: `ip:${clientAddress}`, keepsCount: always });
  const byEmail = COUNTED_BY_EMAIL[endpoint];
  const email = typeof body === "object" && body !== null ? (body as Record<string, unknown>).email : undefined;
  // Without an e-mail string better-auth refuses the request (400) before looking anything up.
  if (byEmail && typeof email === "string") counts.push({ ...byEmail, identifier: emailLimitIdentifier(email) });
  return counts;
}

const JSON_CONTENT_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * The request body as better-auth (better-call's getBody) will read it: JSON for JSON content
 * types, fields of a form-encoded body (the last of repeated names wins, as there), otherwise
 * nothing. Reading it any other way would let a form-encoded sign-in escape the per-account
 * limit. Reads a clone; undefined when unreadable (better-auth then answers 400 or 415 itself).
 */
export async function readAuthBody(req: Request): Promise<unknown> {
  if (req.method !== "POST" || !req.body) return undefined;
  const contentType = (req.headers.get("content-type") ?? "").toLowerCase();
  try {
    const text = await req.clone().text();
    if (JSON_CONTENT_TYPE.test(contentType)) return JSON.parse(text);
    if (contentType.includes("application/x-www-form-urlencoded")) {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
      return fields;
    }
  } catch {
    // malformed: better-auth answers it
  }
  return undefined;
}
