import { expect, test, type Page } from "@playwright/test";
import {
  answerLicencePrompts,
  ADULT_DATE_OF_BIRTH,
  DEMO_PACK,
  LAYOUT_WIDTHS,
  PASSWORD,
  admin,
  cents,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  followMailLink,
  signedInPlayer,
  uniqueEmail,
} from "./support";

// Onboarding (issue #18, item 4; issue #36, item 7): a new player on a phone gets from a pack
// page to a first opening in seven actions, every field filled and every tap counted (nine
// before: the form sat below "Sign in to open" and the date picker took many taps to reach a
// year), with the form in the first screen and nothing cut off on the way; the wallet leads back
// to the pack it was opened from.

const PACK_PATH = `/packs/${DEMO_PACK.slug}`;

for (const viewport of LAYOUT_WIDTHS) {
  test(`from a pack page to a first opening in seven actions, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const email = uniqueEmail("onboard");
    let actions = 0;
    const act = async (step: () => Promise<void>) => {
      actions++;
      await step();
    };

    await page.goto(PACK_PATH);
    const signUp = page.locator(".pack-sign-in");
    // The form is where the page opens: no scrolling to reach it.
    const emailBox = await signUp.getByLabel("E-mail").boundingBox();
    expect(emailBox, "the sign-up form's first field").not.toBeNull();
    expect(emailBox!.y + emailBox!.height, "the e-mail field's bottom, in the first screen").toBeLessThanOrEqual(viewport.height);
    await expectLayoutSound(page, "pack page, signed out");
    await expectNoAxeViolations(page, "pack page, signed out");
    await act(() => signUp.getByLabel("E-mail").fill(email));
    await act(() => signUp.getByLabel("Password").fill(PASSWORD));
    // Typed, digits only: the slashes are written in (a phone's number pad has none).
    await act(() => signUp.getByLabel("Date of birth").pressSequentially(ADULT_DATE_OF_BIRTH.replaceAll("/", "")));
    await expect(signUp.getByLabel("Date of birth")).toHaveValue(ADULT_DATE_OF_BIRTH);
    await act(() => signUp.getByRole("button", { name: "Create account" }).click());
    await expect(page.getByRole("status").filter({ hasText: `We sent a verification link to ${email}` })).toBeVisible();

    // The dev outbox is the player's mail client here; following the link is one action.
    await act(() => followMailLink(page, email, /Verify your prizepacks e-mail/));
    await expect(page).toHaveURL((url) => url.pathname === PACK_PATH && url.searchParams.get("welcome") === "1");
    // The link's host is the one the test's browser was on (the server's own), so the session holds.
    await expect(page).toHaveURL((url) => url.host === new URL(test.info().project.use.baseURL!).host);
    const welcome = page.getByTestId("welcome");
    await expect(welcome).toContainText("Your e-mail is verified");
    // The licence prompts on this journey are licence-prompts.spec.ts's: answered here, no action counted.
    await answerLicencePrompts(page);
    await expectHeaderBalance(page, 0);
    await expectLayoutSound(page, "pack page, welcome");
    await expectNoAxeViolations(page, "pack page, welcome");

    await act(() => welcome.getByRole("button", { name: "Add funds" }).click());
    await expect(page.getByTestId("welcome-deposit-done")).toContainText("Added $25.00");
    await expectHeaderBalance(page, 2500);

    await act(() => page.getByRole("button", { name: /^Open 1 pack for / }).click());
    await expect(page.getByTestId("open-summary")).toBeVisible();
    await expectHeaderBalance(page, 2500 - cents(DEMO_PACK.price));
    await expectLayoutSound(page, "pack page, first opening");
    expect(actions).toBeLessThanOrEqual(7);
  });
}

test("a date of birth that is not a calendar date is refused at the field, before anything is sent", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(PACK_PATH);
  const signUp = page.locator(".pack-sign-in");
  await signUp.getByLabel("E-mail").fill(uniqueEmail("bad-date"));
  await signUp.getByLabel("Password").fill(PASSWORD);
  const dateOfBirth = signUp.getByLabel("Date of birth");
  await dateOfBirth.pressSequentially("31021990");
  await expect(dateOfBirth).toHaveValue("31/02/1990");
  await dateOfBirth.blur();
  await expect(page.getByTestId("date-of-birth-error")).toHaveText("Enter your date of birth as DD/MM/YYYY, for example 17/04/1990.");
  await expect(dateOfBirth).toHaveAttribute("aria-invalid", "true");
  let sent = false;
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/sign-up")) sent = true;
  });
  await signUp.getByRole("button", { name: "Create account" }).click();
  expect(await dateOfBirth.evaluate((input: HTMLInputElement) => input.validationMessage)).toContain("DD/MM/YYYY");
  expect(sent, "the sign-up request").toBe(false);
  await expectNoAxeViolations(page, "sign-up, a date that does not exist");
});

test("the sign-up and sign-in links carry the page they were pressed on, and sign-in returns there", async ({ page }) => {
  await page.goto("/fairness");
  await expect(page.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", "/sign-up?next=%2Ffairness");
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/sign-in?next=%2Ffairness");
  const email = uniqueEmail("return");
  await admin("user:create", { email, balance: "0.00", password: PASSWORD });
  await page.getByRole("link", { name: "Sign in", exact: true }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/fairness");
});

async function brokeOnPack(page: Page) {
  await signedInPlayer(page, "1.00", "back");
  await page.goto(PACK_PATH);
  await expect(page.getByTestId("open-balance-hint")).toContainText("does not cover this pack");
}

test("the wallet opened from a pack page leads back to it, before and after a deposit", async ({ page }) => {
  await brokeOnPack(page);
  await page.getByTestId("open-bar").getByRole("link", { name: "Add funds to open" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/wallet" && url.searchParams.get("back") === PACK_PATH);
  await expect(page.getByTestId("back-to-pack")).toHaveAttribute("href", PACK_PATH);
  await page.getByRole("button", { name: "25", exact: true }).click();
  await page.getByRole("button", { name: "Add funds", exact: true }).click();
  await page.getByRole("status").getByRole("link", { name: "Back to the pack" }).click();
  await expect(page).toHaveURL((url) => url.pathname === PACK_PATH);
  await expect(page.getByRole("button", { name: /^Open 1 pack for / })).toBeEnabled();
});

test("the wallet's way back takes only a pack page of ours", async ({ page }) => {
  await signedInPlayer(page, "1.00", "backsafe");
  await page.goto(`/wallet?back=${encodeURIComponent("https://example.org/packs/x")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Wallet" })).toBeVisible();
  await expect(page.getByTestId("back-to-pack")).toHaveCount(0);
});
