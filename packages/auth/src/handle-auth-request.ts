import { AppError, checkSignUpAge, checkSignUpReferralCode, databaseUnavailable, isStorableText } from "@prizepacks/core";
import type { Services } from "@prizepacks/core/server";
import { CLIENT_ADDRESS_HEADER } from "@prizepacks/core/client-address-header";
import { classifyDatabaseError } from "@prizepacks/db/faults";
import { collectAuthErrors } from "./auth-request-faults.ts";
import { authPostEndpoint, authRequestCounts, readAuthBody, type TakeRateLimitSlot } from "./auth-request-limits.ts";
import { getAuth } from "./session.ts";
import { logger } from "@prizepacks/db/log";

/**
 * better-auth behind the rules every endpoint of ours keeps: text PostgreSQL cannot store is
 * a 400 naming the field (better-auth would pass it to the database); the requests that check
 * a password or send a mail count against the rate limits (per client address, and per
 * e-mail address: failed sign-ins, reset and verification mails), all in one place, since
 * every request to /api/auth passes here; a database that is down or slow is a 503 with
 * Retry-After, not better-auth's bare 500. Refusals are thrown as AppErrors, for the caller's
 * error writer (@prizepacks/api's http-error, which this package may not import).
 */
export async function handleAuthRequest(services: Services, req: Request, takeRateLimitSlot: TakeRateLimitSlot): Promise<Response> {
  const body = await readAuthBody(req);
  const unstorable = findUnstorableField(req, body);
  if (unstorable) throw new AppError("BAD_REQUEST", `${unstorable}: must not contain NUL characters or unpaired surrogates`);
  // The app's server stamps the address on every request it hands to Next.js.
  const address = req.headers.get(CLIENT_ADDRESS_HEADER);
  const counts = authRequestCounts(req.method, new URL(req.url).pathname, body, address);
  const taken = [];
  // In order: an address over its limit is refused without touching the account's count.
  for (const count of counts) taken.push({ count, slot: await takeRateLimitSlot(count) });

  let status = 500;
  try {
    // The age gate: a sign-up without a date of birth is a 400, one under MINIMUM_AGE a 403
    // UNDER_AGE (remembered for the e-mail), another date than one refused for it a 403
    // AGE_REVIEW_REQUIRED. Before better-auth looks the e-mail up, so the answer never tells
    // whether the address has an account; after the limits, so refusals count against the
    // client's address like any sign-up. The account's row gets the date in auth.ts's user hook.
    if (authPostEndpoint(req.method, new URL(req.url).pathname) === "/sign-up/email") {
      await checkSignUpAge(services, body);
      // The optional creator code (#39): a typo is told now, before the account exists.
      await checkSignUpReferralCode(services, body);
    }
    const response = await answer(services, req);
    status = response.status;
    return response;
  } catch (error) {
    if (error instanceof AppError) status = error.status;
    throw error;
  } finally {
    // Before answering, so that this client's next attempt already sees the count.
    await Promise.all(taken.filter(({ count }) => !count.keepsCount(status)).map(({ slot }) => slot.giveBack()));
  }
}

async function answer(services: Services, req: Request): Promise<Response> {
  const { result: response, errors } = await collectAuthErrors(() => getAuth(services).handler(req));
  if (response.status < 500) return response;
  if (errors.some((error) => classifyDatabaseError(error) === "unavailable")) {
    throw databaseUnavailable();
  }
  logger("auth").error({ err: errors[0], more: errors.length - 1 }, "internal error");
  throw new AppError("INTERNAL", "Internal server error.");
}

function findUnstorableField(req: Request, body: unknown): string | null {
  for (const [key, value] of new URL(req.url).searchParams) if (!isStorableText(key) || !isStorableText(value)) return key;
  return findUnstorableString(body, "body");
}

function findUnstorableString(value: unknown, path: string): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = isStorableText(key) ? findUnstorableString(inner, `${path}.${key}`) : `${path}.${key}`;
    if (found) return found;
  }
  return null;
}
