import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PACK,
  LAYOUT_WIDTHS,
  PASSWORD,
  admin,
  alertOf,
  expectLayoutSound,
  signIn,
  signUp,
  submitSignUp,
  uniqueEmail,
  confirmInDialog,
} from "./support";

/** A date of birth `years` years before today (UTC), `days` days later: YYYY-MM-DD, as the console shows it. */
function bornYearsAgo(years: number, days = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** The same date as a player types it: DD/MM/YYYY. */
const typed = (iso: string) => iso.split("-").reverse().join("/");

async function expectNoViolations(page: Page, state: string) {
  // A confirmation refreshes the page's server parts, and the document's <title> is streamed back
  // a moment after the body: axe looks once the page has its title again (one that never comes fails here).
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(found, `axe violations on ${state}`).toEqual([]);
}

test.describe("the age gate at sign-up", () => {
  test("a date of birth under 18 is refused, with the message beside the field, and no account is made", async ({ page }) => {
    const email = uniqueEmail("too-young");
    const answer = await submitSignUp(page, email, { dateOfBirth: typed(bornYearsAgo(18, 1)) });
    expect(answer.status()).toBe(403);
    const field = page.getByLabel("Date of birth");
    await expect(page.getByTestId("date-of-birth-error")).toHaveText("You must be at least 18 years old to use prizepacks.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/You must be at least 18 years old to use prizepacks\./);
    await expect(page.getByText(`We sent a verification link to ${email}`)).toHaveCount(0);
    await expectNoViolations(page, "sign-up, under-age refusal");
    for (const viewport of LAYOUT_WIDTHS) {
      await page.setViewportSize(viewport);
      await expectLayoutSound(page, `sign-up refusal at ${viewport.width}px`);
    }
  });

  test("an adult's date of birth signs up as before", async ({ page }) => {
    // signUp fills an adult date and waits for the verification notice.
    await signUp(page, uniqueEmail("adult"));
    await expect(page.getByTestId("date-of-birth-error")).toHaveCount(0);
  });
});

test("an account whose age is not confirmed is sent from the pack page to Settings → Age, and opens once confirmed", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("unconfirmed");
  await admin("user:create", { email, password: PASSWORD, balance: "20.00", "no-age-confirmation": "true" });
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await page.getByRole("button", { name: /^Open 1 pack for / }).click();
  const refusal = page.getByTestId("open-error");
  await expect(refusal).toContainText("Confirm your date of birth before opening packs.");
  await refusal.getByRole("link", { name: "Confirm it now" }).click();

  await expect(page).toHaveURL(/\/settings\/age$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your age" })).toBeVisible();
  await expectNoViolations(page, "settings/age, unconfirmed");
  for (const viewport of LAYOUT_WIDTHS) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, `settings/age at ${viewport.width}px`);
  }

  await page.getByLabel("Date of birth").fill(typed(bornYearsAgo(16)));
  await page.getByRole("button", { name: "Confirm my date of birth" }).click();
  await expect(page.getByTestId("date-of-birth-error")).toHaveText("You must be at least 18 years old to use prizepacks.");

  // The refused date is remembered: another one waits for an operator's review.
  await page.getByLabel("Date of birth").fill("17/04/1990");
  await page.getByRole("button", { name: "Confirm my date of birth" }).click();
  await expect(page.getByTestId("date-of-birth-error")).toContainText("An operator will review it");

  // An admin reviews it on the console's Approvals page and clears it.
  const operator = uniqueEmail("age-review");
  await admin("user:create", { email: operator, password: PASSWORD });
  await admin("user:set", { email: operator, role: "admin" });
  const operatorPage = await (await browser.newContext()).newPage();
  await signIn(operatorPage, operator, PASSWORD, "/admin/approvals");
  const toReview = operatorPage.getByTestId("age-refusals").getByRole("row").filter({ hasText: email });
  await expect(toReview).toContainText(bornYearsAgo(16));
  await expectNoViolations(operatorPage, "admin/approvals with a date of birth to review");
  await toReview.getByRole("button", { name: `Clear after review: ${email}` }).click();
  await confirmInDialog(operatorPage, "Clear after review");
  await expect(operatorPage.getByText(email)).toHaveCount(0);

  await page.getByRole("button", { name: "Confirm my date of birth" }).click();
  await expect(page.getByTestId("age-confirmed")).toBeVisible();
  await expect(page.getByTestId("date-of-birth")).toHaveText("1990-04-17");
  await expectNoViolations(page, "settings/age, confirmed");

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await page.getByRole("button", { name: /^Open 1 pack for / }).click();
  await expect(page.getByTestId("open-summary")).toBeVisible({ timeout: 15_000 });
  await expect(alertOf(page)).toHaveCount(0);
});
