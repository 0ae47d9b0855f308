import { describe, expect, it } from "vitest";
import { startServer } from "./server-instance.ts";
import { admin, baseUrl, call, somePack, uniqueEmail } from "./support.ts";

// The age gate over HTTP: the sign-up endpoint, an API key's opening, and the web session's
// confirmation that lets it open again.

const PASSWORD = "correct horse battery";
const jsonFromBrowser = { "content-type": "application/json", origin: baseUrl };

/** A date of birth `years` years before today (UTC), `days` days later. */
function bornYearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function signUp(body: Record<string, string>, server = baseUrl) {
  const response = await fetch(`${server}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server },
    body: JSON.stringify({ password: PASSWORD, name: "Player", ...body }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("POST /api/auth/sign-up/email: the date of birth", () => {
  it("refuses one under MINIMUM_AGE with 403 UNDER_AGE and a message, whether or not the e-mail has an account", async () => {
    const email = uniqueEmail("too-young");
    const refused = await signUp({ email, dateOfBirth: bornYearsAgo(18, 1) });
    expect(refused).toEqual({
      status: 403,
      json: { code: "UNDER_AGE", message: "You must be at least 18 years old to use prizepacks." },
    });
    // A taken address gets the same refusal: the answer tells nothing about accounts.
    const taken = uniqueEmail("taken");
    await admin("user:create", { email: taken, password: PASSWORD });
    expect(await signUp({ email: taken, dateOfBirth: bornYearsAgo(17) })).toEqual(refused);
  });

  it("refuses a missing or impossible date with 400 naming the field, and takes an adult's", async () => {
    const missing = await signUp({ email: uniqueEmail("no-date") });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^dateOfBirth: /) });
    expect((await signUp({ email: uniqueEmail("bad-date"), dateOfBirth: "1990-13-01" })).status).toBe(400);

    const adult = await signUp({ email: uniqueEmail("adult"), dateOfBirth: bornYearsAgo(18) });
    expect(adult.status).toBe(200);
    // better-auth's answer carries its own user fields only: never the date of birth.
    expect(JSON.stringify(adult.json)).not.toContain(bornYearsAgo(18));
  });

  it("follows MINIMUM_AGE: a server started with 21 refuses a 20-year-old and says 21", async () => {
    const server = await startServer({ label: "minimum-age", ownDatabase: true, env: { MINIMUM_AGE: "21" } });
    try {
      const refused = await signUp({ email: uniqueEmail("twenty"), dateOfBirth: bornYearsAgo(20) }, server.baseUrl);
      expect(refused).toEqual({
        status: 403,
        json: { code: "UNDER_AGE", message: "You must be at least 21 years old to use prizepacks." },
      });
      expect((await signUp({ email: uniqueEmail("twenty-one"), dateOfBirth: bornYearsAgo(21) }, server.baseUrl)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("POST /v1/packs/{idOrSlug}/open: an account whose age is not confirmed", () => {
  it("is refused with 403 AGE_UNCONFIRMED over its API key until the player confirms in the web app", async () => {
    const email = uniqueEmail("unconfirmed");
    const player = await admin("user:create", { email, password: PASSWORD, balance: "20.00", "no-age-confirmation": "true" });
    const pack = await somePack(player.apiKey as string);
    const open = () => call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey as string, method: "POST" });

    const refused = await open();
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: "AGE_UNCONFIRMED",
      message: "Confirm your date of birth before playing (openings, battles, upgrades): sign in to the web app and go to /settings/age.",
    });
    expect((await call("/v1/me", { key: player.apiKey as string })).json.balanceString).toBe("20.00");
    // Not a REST operation: an API key cannot assert its player's age.
    expect((await call("/v1/me/age", { key: player.apiKey as string, method: "POST" })).status).toBe(404);

    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: jsonFromBrowser,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const confirm = (dateOfBirth: string) =>
      fetch(`${baseUrl}/api/trpc/me.age.confirm`, {
        method: "POST",
        headers: { ...jsonFromBrowser, cookie },
        body: JSON.stringify({ dateOfBirth }),
      });
    const tooYoung = await confirm(bornYearsAgo(16));
    expect(tooYoung.status).toBe(403);
    expect((await open()).status).toBe(403);

    // The refused date is remembered: another one waits until an operator has reviewed it.
    const review = await confirm("1990-04-17");
    expect(review.status).toBe(403);
    expect(JSON.stringify(await review.json())).toContain("AGE_REVIEW_REQUIRED");
    await admin("age:clear", { email });

    expect((await confirm("1990-04-17")).status).toBe(200);
    const opened = await open();
    expect(opened.status).toBe(200);
  });

  it("an account made by the admin CLI opens at once (the operator's confirmation)", async () => {
    const player = await admin("user:create", { email: uniqueEmail("cli-bot"), balance: "20.00" });
    const pack = await somePack(player.apiKey as string);
    expect((await call(`/v1/packs/${pack.slug}/open`, { key: player.apiKey as string, method: "POST" })).status).toBe(200);
  });
});
