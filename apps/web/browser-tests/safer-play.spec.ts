import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PACK,
  LAYOUT_WIDTHS,
  PASSWORD,
  alertOf,
  cents,
  displayCents,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  signUpVerified,
  signedInPlayer,
  snap,
  snapView,
  uniqueEmail,
} from "./support";

// Safer play in the browser (issue 19): a limit set at sign-up binds the openings, a time-out
// refuses them, and the reality check pauses play until it is acknowledged.

const PRICE = cents(DEMO_PACK.price);
const openButton = (page: Page) => page.getByRole("button", { name: /^Open 1 pack for / });

async function openOnce(page: Page) {
  await openButton(page).click();
  await expect(page.getByTestId("open-summary")).toBeVisible();
}

async function setLimit(page: Page, kind: "deposit" | "wager" | "loss", period: "day" | "week" | "month", amount: string) {
  const form = page.getByRole("form", { name: "Set a limit" });
  await form.getByLabel("Kind").selectOption(kind);
  await form.getByLabel("Per").selectOption(period);
  await form.getByLabel("Amount").fill(amount);
  await form.getByRole("button", { name: "Set limit" }).click();
}

test("a limit set at sign-up binds: the opening that would pass it is refused with the limit and when it allows it again", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const email = uniqueEmail("limits");
  await signUpVerified(page, email);
  // Offered at sign-up, and at the first deposit while the account has no limit.
  await expect(page.getByRole("status").filter({ hasText: "Your e-mail is verified" })).toContainText("Set limits");
  await page.goto("/wallet");
  await page.getByTestId("safer-play-deposit-offer").getByRole("link", { name: "Safer play" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/settings/safer-play");
  await expect(page.getByTestId("safer-play-offer")).toContainText("Before you play");
  await expect(page.getByTestId("no-limits")).toBeVisible();

  // A malformed amount is refused at the field, before any request.
  await setLimit(page, "wager", "day", "2.999");
  await expect(page.getByRole("form", { name: "Set a limit" }).getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("form", { name: "Set a limit" }).getByRole("alert")).toContainText("at most two decimals");

  const limit = displayCents(2 * PRICE).slice(1);
  await setLimit(page, "wager", "day", limit);
  await expect(page.getByRole("status").filter({ hasText: "in force now" })).toContainText(
    `Your wager limit a day is now ${displayCents(2 * PRICE)}`,
  );
  const card = page.getByTestId("limit-wager-day");
  await expect(card).toContainText(`Limit${displayCents(2 * PRICE)}`);
  await expect(card).toContainText("Counts now$0.00");
  await expect(card).toContainText("Nothing counts against it now.");

  await page.goto("/wallet");
  await expect(page.getByTestId("safer-play-deposit-offer")).toHaveCount(0);
  await page.getByLabel("Amount").fill("25.00");
  await page.getByRole("button", { name: "Add funds" }).click();
  await expectHeaderBalance(page, 2500);

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  const before = Date.now();
  await openOnce(page);
  const after = Date.now();
  await openOnce(page);
  await expectHeaderBalance(page, 2500 - 2 * PRICE);
  await openButton(page).click();
  const refusal = alertOf(page).getByTestId("limit-refusal");
  await expect(refusal).toContainText("Your wager limit a day is reached. This is possible again from");
  // The first opening leaves the rolling 24 h, in the reader's time zone (the attribute is the instant).
  const resetsAt = Date.parse((await refusal.locator("time").getAttribute("datetime"))!);
  expect(resetsAt).toBeGreaterThanOrEqual(before - 2_000 + 86_400_000);
  expect(resetsAt).toBeLessThanOrEqual(after + 2_000 + 86_400_000);
  await expectHeaderBalance(page, 2500 - 2 * PRICE);

  await refusal.getByRole("link", { name: "Safer play" }).click();
  await expect(card).toContainText(`Counts now${displayCents(2 * PRICE)}`);
  await expect(card).toContainText("Left$0.00");
  await expect(card.locator("time")).toHaveAttribute("datetime", new Date(resetsAt).toISOString());
});

test("a raise waits as pending; a time-out taken with the password refuses openings and cannot be ended early", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signedInPlayer(page, "20.00", "timeout");
  await page.goto("/settings/safer-play");
  await setLimit(page, "loss", "week", "10.00");
  await expect(page.getByTestId("limit-loss-week")).toBeVisible();
  await setLimit(page, "loss", "week", "50.00");
  await expect(page.getByRole("status").filter({ hasText: "waits 24 hours" })).toBeVisible();
  const pending = page.getByTestId("limit-loss-week").getByTestId("pending-change");
  await expect(pending).toContainText("Raise to $50.00 asked for at");
  // Not confirmable within its first 24 h.
  await expect(pending.getByRole("button", { name: /Confirm/ })).toHaveCount(0);
  await expect(page.getByTestId("limit-loss-week")).toContainText("Limit$10.00");

  // Each field says what is missing; a wrong password is refused at its field.
  const form = page.getByRole("form", { name: "Start a time-out or self-exclusion" });
  await form.getByRole("button", { name: "Start the break" }).click();
  await expect(form.getByText("Choose how long.")).toBeVisible();
  await expect(form.getByText("Enter your password.")).toBeVisible();
  await expect(form.getByText("Confirm that you understand")).toBeVisible();
  await form.getByRole("radio", { name: "24 hours" }).check();
  await form.getByLabel("Your password").fill("not-the-password");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Start a time-out: 24 hours" }).click();
  await expect(form.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Password: this is not the account's password.")).toBeVisible();
  await expect(page.getByTestId("current-break")).toHaveCount(0);

  await form.getByLabel("Your password").fill(PASSWORD);
  await form.getByRole("button", { name: "Start a time-out: 24 hours" }).click();
  const current = page.getByTestId("current-break");
  await expect(current).toContainText("You are taking a time-out until");
  await expect(current).toContainText("Nobody can end it early.");
  await snap(page, "safer-play");
  for (const viewport of [LAYOUT_WIDTHS[0], LAYOUT_WIDTHS[2]]) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, `safer play with a limit, a pending raise and a time-out at ${viewport.width} px`);
    await expectNoAxeViolations(page, `safer play with a limit, a pending raise and a time-out at ${viewport.width} px`);
  }

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await openButton(page).click();
  const refusal = alertOf(page).getByTestId("exclusion-refusal");
  await expect(refusal).toContainText("You are taking a time-out until");
  await expect(refusal).toContainText("Selling items and withdrawing still work");
  await expect(page.getByTestId("open-summary")).toHaveCount(0);
  await expectHeaderBalance(page, 2000);
  await page.goto("/wallet");
  await page.getByLabel("Amount").fill("5.00");
  await page.getByRole("button", { name: "Add funds" }).click();
  await expect(alertOf(page).getByTestId("exclusion-refusal")).toContainText(
    "openings, battles, upgrades, exchanges and deposits are paused",
  );
  await expectHeaderBalance(page, 2000);

  // Nothing on the page ends it early.
  await page.goto("/settings/safer-play");
  await expect(current).toContainText("Nobody can end it early.");
  await expect(current.getByRole("button")).toHaveCount(0);
});

test("a raise offers Confirm once its 24 h have passed, and the server, not the browser's clock, decides", async ({ page }) => {
  await page.clock.install();
  await signedInPlayer(page, "20.00", "raise");
  await page.goto("/settings/safer-play");
  await setLimit(page, "deposit", "month", "100.00");
  await expect(page.getByTestId("limit-deposit-month")).toContainText("Limit$100.00");
  await setLimit(page, "deposit", "month", "500.00");
  const pending = page.getByTestId("limit-deposit-month").getByTestId("pending-change");
  await expect(pending).toContainText("Raise to $500.00 asked for at");
  await expect(pending.getByRole("button", { name: "Confirm the raise" })).toHaveCount(0);

  // A browser whose clock runs a day ahead sees the button; the server still holds the cooling-off.
  await page.clock.fastForward("24:01:00");
  // A day of this tab is also well past the hourly reality check.
  await page.getByRole("dialog", { name: "Reality check" }).getByRole("button", { name: "Continue playing" }).click();
  await pending.getByRole("button", { name: "Confirm the raise" }).click();
  await expect(pending.getByRole("alert")).toContainText("can be confirmed from");
  await expect(page.getByTestId("limit-deposit-month")).toContainText("Limit$100.00");
});

test("the reality check comes after the chosen interval with the session's time and net result, and pauses opening until acknowledged", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await signedInPlayer(page, "20.00", "reality");
  await page.goto("/settings/safer-play");
  await page.getByRole("group", { name: "Remind me every" }).getByRole("radio", { name: "15 minutes" }).check();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toHaveText("Saved: a reality check every 15 minutes.");

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await openOnce(page);
  const dialog = page.getByRole("dialog", { name: "Reality check" });
  await expect(dialog).toHaveCount(0);

  await page.clock.fastForward("15:00");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("reality-check-time")).toHaveText("15 min");
  await expect(dialog).toContainText("Openings1");
  await expect(dialog).toContainText(`Paid${displayCents(PRICE)}`);
  const won = cents(await dialog.getByTestId("reality-check-won").innerText());
  const net = won - PRICE;
  await expect(dialog.getByTestId("reality-check-net")).toHaveText(`${net > 0 ? "+" : ""}${displayCents(net)}`);
  await expect(dialog.getByRole("link", { name: "Your history" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Safer play" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Continue playing" })).toBeFocused();
  // Tab stays in the dialog; the page behind it cannot be reached.
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }
  await expect(openButton(page)).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("open-balance-hint")).toHaveText("Opening is paused until you continue from the reality check.");
  // Even a click that reaches the button (as a script's would) opens nothing.
  await openButton(page).evaluate((button: HTMLButtonElement) => button.click());
  await expectHeaderBalance(page, 2000 - PRICE);
  await snapView(page, "reality-check");
  for (const viewport of [LAYOUT_WIDTHS[0], LAYOUT_WIDTHS[2]]) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, `reality check at ${viewport.width} px`);
    await expectNoAxeViolations(page, `reality check at ${viewport.width} px`);
  }

  await dialog.getByRole("button", { name: "Continue playing" }).click();
  await expect(dialog).toBeHidden();
  await expect(openButton(page)).not.toHaveAttribute("aria-disabled", "true");
  await openOnce(page);
  await expectHeaderBalance(page, 2000 - 2 * PRICE);

  // The next one comes a whole interval later, not before.
  await page.clock.fastForward("14:00");
  await expect(dialog).toBeHidden();
  await page.clock.fastForward("01:05");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Openings2");
});
