import { expect, test } from "@playwright/test";
import { PASSWORD, admin, alertOf, followMailLink, hasSessionCookie, signIn, signUp, uniqueEmail } from "./support";

test.describe("sign-in rules", () => {
  test("an unverified account cannot sign in and gets no session", async ({ page }) => {
    const email = uniqueEmail("unverified");
    await signUp(page, email);
    expect(await hasSessionCookie(page)).toBe(false);

    await signIn(page, email);
    await expect(alertOf(page)).toContainText("Your e-mail address is not verified yet");
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await hasSessionCookie(page)).toBe(false);
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible(); // header still signed out
    await expect(page.getByTestId("header-balance")).toHaveCount(0);

    const me = await page.request.get("/api/trpc/me.get");
    expect(me.status()).toBe(401);
  });

  test("a session whose e-mail is then marked unverified is blocked", async ({ page }) => {
    const email = uniqueEmail("unverify");
    await admin("user:create", { email, balance: "10.00", password: PASSWORD });
    await signIn(page, email);
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByTestId("header-balance")).toContainText("10.00");

    await admin("user:set", { email, "email-verified": "false" });
    await page.goto("/inventory");
    await expect(page).toHaveURL(/\/blocked$/);
    await expect(page.getByRole("heading", { name: "This account cannot play" })).toBeVisible();
    await expect(alertOf(page)).toHaveText("Verify your e-mail address before using the service.");

    const me = await page.request.get("/api/trpc/me.get");
    expect(me.status()).toBe(403);
  });

  test("a banned account is blocked on its next navigation and over tRPC and REST", async ({ page }) => {
    const email = uniqueEmail("banned");
    const { apiKey } = await admin("user:create", { email, balance: "10.00", password: PASSWORD });
    await signIn(page, email, PASSWORD, "/inventory");
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByTestId("header-balance")).toContainText("10.00");

    await admin("user:set", { email, banned: "true" });
    await page.goto("/inventory");
    await expect(page).toHaveURL(/\/(blocked|sign-in)(\?|$)/);
    await expect(page.getByRole("heading", { name: /This account cannot play|Sign in/ })).toBeVisible();
    await expect(page.getByTestId("header-balance")).toHaveCount(0);

    const me = await page.request.get("/api/trpc/me.get");
    expect([401, 403]).toContain(me.status());
    const rest = await page.request.get("/v1/me", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(rest.status()).toBe(403);

    // A fresh sign-in is refused as well.
    await page.context().clearCookies();
    await signIn(page, email);
    await expect(alertOf(page)).toHaveText("This account is banned.");
    expect(await hasSessionCookie(page)).toBe(false);
  });
});

test("after 10 failed sign-ins the form refuses the right password too and says when to try again", async ({ page, baseURL }) => {
  const email = uniqueEmail("locked");
  await admin("user:create", { email, balance: "1.00", password: PASSWORD });
  for (let i = 0; i < 10; i++) {
    const failed = await page.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL! },
      data: { email, password: `wrong-password-${i}` },
    });
    expect(failed.status()).toBe(401);
  }
  const answer = await signIn(page, email);
  expect(answer.status()).toBe(429);
  await expect(alertOf(page)).toContainText(/Too many failed sign-ins for this account: try again in \d+ minutes?/);
  expect(await hasSessionCookie(page)).toBe(false);
});

test("password reset through the outbox link", async ({ page }) => {
  const email = uniqueEmail("reset");
  await admin("user:create", { email, balance: "3.00", password: PASSWORD });
  const newPassword = "brand-new-password-7";

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("a reset link is on its way");

  await followMailLink(page, email, /Reset your prizepacks password/);
  await expect(page).toHaveURL(/\/reset-password\?.*token=/);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat the new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password was changed");

  await signIn(page, email, PASSWORD);
  await expect(alertOf(page)).toContainText(/invalid/i);
  expect(await hasSessionCookie(page)).toBe(false);

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-balance")).toContainText("3.00");
});

test("POST /api/trpc mutation with a foreign Origin is refused (CSRF)", async ({ page }) => {
  const email = uniqueEmail("csrf");
  await admin("user:create", { email, balance: "1.00", password: PASSWORD });
  await signIn(page, email);
  await expect(page.getByTestId("header-balance")).toBeVisible();

  const before = await page.request.get("/api/trpc/fairness.get");
  expect(before.status()).toBe(200);
  const seedHash = (await before.json()).result.data.serverSeedHash as string;

  const foreign = await page.request.post("/api/trpc/fairness.rotate", {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: {},
  });
  expect(foreign.status()).toBe(403);
  const noOrigin = await page.request.post("/api/trpc/fairness.rotate", { headers: { "content-type": "application/json" }, data: {} });
  expect(noOrigin.status()).toBe(403);

  // Nothing was rotated; the same call from our own origin goes through.
  const after = await page.request.get("/api/trpc/fairness.get");
  expect((await after.json()).result.data.serverSeedHash).toBe(seedHash);
  const own = await page.request.post("/api/trpc/fairness.rotate", {
    headers: { origin: new URL(page.url()).origin, "content-type": "application/json" },
    data: {},
  });
  expect(own.status()).toBe(200);
  expect((await own.json()).result.data.previous.serverSeedHash).toBe(seedHash);
});
