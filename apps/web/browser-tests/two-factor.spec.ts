import { expect, test, type Page } from "@playwright/test";
import {
  alertOf,
  expectLayoutSound,
  expectNoAxeViolations,
  hasSessionCookie,
  PASSWORD,
  signIn,
  signUpVerified,
  snapView,
  uniqueEmail,
} from "./support";
import { currentTotpStep, nextTotpFor, totpFor } from "./totp";

// Two-factor authentication (issue 20): set up in Settings → Security as a player would, with the
// TOTP computed from the key the page shows (as an authenticator app does), then asked at sign-in.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** axe and the layout checks at a phone's width and a desktop's, then back to the desktop. */
async function checkAtBothSizes(page: Page, state: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, state);
    await snapView(page, `two-factor ${state} ${viewport.width}`.replace(/[^a-z0-9]+/gi, "-"));
    await expectNoAxeViolations(page, `${state} at ${viewport.width} px`);
  }
}

const twoFactor = (page: Page) => page.getByTestId("two-factor");

/** The backup codes on screen, once they are. */
async function shownBackupCodes(page: Page): Promise<string[]> {
  const list = twoFactor(page).getByRole("list", { name: "Backup codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  return list.getByRole("listitem").allTextContents();
}

test("a player turns two-factor on, signs in with a code from the app and with a backup code once, and turns it off", async ({ page }) => {
  // Ten axe and layout checks (five states at two sizes) on a 2-core machine.
  test.setTimeout(180_000);
  const email = uniqueEmail("two-factor");
  await signUpVerified(page, email);

  await page.goto("/settings/security");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Security" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(twoFactor(page).getByTestId("two-factor-status")).toContainText("Off.");
  await checkAtBothSizes(page, "security, two-factor off");

  // A wrong password starts nothing.
  await twoFactor(page).getByLabel("Password").fill("not-the-password");
  await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(alertOf(page)).toContainText(/invalid password/i);

  await twoFactor(page).getByLabel("Password").fill(PASSWORD);
  await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const qr = twoFactor(page).getByRole("img", { name: /QR code/ });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute("src", /^data:image\/svg\+xml/);
  const shownKey = (await twoFactor(page).getByTestId("two-factor-secret").textContent())!;
  expect(shownKey.replace(/\s+/g, "")).toMatch(/^[A-Z2-7]{16,}$/);
  await checkAtBothSizes(page, "security, scan the QR code");

  const codeField = twoFactor(page).getByLabel("Then enter the 6-digit code the app shows");
  const now = await totpFor(shownKey);
  await codeField.fill(now === "000000" ? "111111" : "000000");
  await twoFactor(page).getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(twoFactor(page).getByRole("alert")).toContainText("That code is not right");
  await codeField.fill(await totpFor(shownKey));
  await twoFactor(page).getByRole("button", { name: "Confirm and turn on" }).click();

  await expect(twoFactor(page).getByRole("status").first()).toContainText("Two-factor authentication is on.");
  const codes = await shownBackupCodes(page);
  const download = page.waitForEvent("download");
  await twoFactor(page).getByRole("button", { name: "Download as a text file" }).click();
  expect((await download).suggestedFilename()).toBe("prizepacks-backup-codes.txt");
  await checkAtBothSizes(page, "security, backup codes");
  await twoFactor(page).getByRole("button", { name: "I saved them" }).click();
  await expect(twoFactor(page).getByTestId("two-factor-status")).toContainText("On.");
  // The codes are not shown again, on this page or a fresh one.
  await expect(twoFactor(page).getByRole("list", { name: "Backup codes" })).toHaveCount(0);
  await page.reload();
  await expect(twoFactor(page).getByTestId("two-factor-status")).toContainText("On.");
  await checkAtBothSizes(page, "security, two-factor on");

  // Sign out; the password alone no longer opens a session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await signIn(page, email);
  const step = page.getByTestId("second-factor-step");
  await expect(step.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  expect(await hasSessionCookie(page)).toBe(false);
  await checkAtBothSizes(page, "sign-in, second step");

  const signInCode = await totpFor(shownKey);
  const signInStep = currentTotpStep();
  await step.getByLabel("Code from your authenticator app").fill(signInCode);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-balance")).toBeVisible();
  expect(await hasSessionCookie(page)).toBe(true);

  // A backup code signs in once; the same code again is refused, and "Start over" leads back.
  for (const attempt of ["first use", "second use"] as const) {
    await page.context().clearCookies();
    await signIn(page, email);
    await step.getByRole("button", { name: "Use a backup code instead" }).click();
    await step.getByLabel("Backup code").fill(codes[0]!);
    await step.getByRole("button", { name: "Verify and sign in" }).click();
    if (attempt === "first use") {
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await expect(page.getByTestId("header-balance")).toBeVisible();
    } else {
      await expect(alertOf(page)).toContainText("That backup code is not right, or was used already.");
      expect(await hasSessionCookie(page)).toBe(false);
      await step.getByRole("button", { name: "Start over" }).click();
      await expect(page.getByLabel("Password")).toBeVisible();
    }
  }

  // Signed in again, the player turns it off with the password: sign-in asks for the password only.
  // A code that signed in is used: the same code again is refused, the app's next one is not.
  await signIn(page, email);
  await step.getByLabel("Code from your authenticator app").fill(signInCode);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(alertOf(page)).toContainText("was used already");
  await step.getByLabel("Code from your authenticator app").fill((await nextTotpFor(shownKey, signInStep)).code);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("header-balance")).toBeVisible();
  await page.goto("/settings/security");
  const turnOff = twoFactor(page).getByRole("form", { name: "Turn off" });
  await turnOff.getByLabel("Password").fill(PASSWORD);
  await turnOff.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await expect(twoFactor(page).getByTestId("two-factor-status")).toContainText("Off.");
  await page.context().clearCookies();
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  expect(await hasSessionCookie(page)).toBe(true);
});

test("new backup codes replace the old ones", async ({ page }) => {
  const email = uniqueEmail("two-factor-codes");
  await signUpVerified(page, email);
  await page.goto("/settings/security");
  await twoFactor(page).getByLabel("Password").fill(PASSWORD);
  await twoFactor(page).getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const shownKey = (await twoFactor(page).getByTestId("two-factor-secret").textContent())!;
  await twoFactor(page)
    .getByLabel("Then enter the 6-digit code the app shows")
    .fill(await totpFor(shownKey));
  await twoFactor(page).getByRole("button", { name: "Confirm and turn on" }).click();
  const oldCodes = await shownBackupCodes(page);
  await twoFactor(page).getByRole("button", { name: "I saved them" }).click();

  const renew = twoFactor(page).getByRole("form", { name: "New backup codes" });
  await renew.getByLabel("Password").fill(PASSWORD);
  await renew.getByRole("button", { name: "Make new backup codes" }).click();
  await expect(twoFactor(page).getByRole("status").first()).toContainText("New backup codes made");
  const newCodes = await shownBackupCodes(page);
  expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);

  await page.context().clearCookies();
  await signIn(page, email);
  const step = page.getByTestId("second-factor-step");
  await step.getByRole("button", { name: "Use a backup code instead" }).click();
  await step.getByLabel("Backup code").fill(oldCodes[0]!);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(alertOf(page)).toContainText("That backup code is not right");
  await step.getByLabel("Backup code").fill(newCodes[0]!);
  await step.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("header-balance")).toBeVisible();
});
