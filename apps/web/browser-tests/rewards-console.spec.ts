import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PASSWORD, admin, expectLayoutSound, expectNoAxeViolations, signIn, signedInPlayer, snapView, uniqueEmail } from "./support";

// Issue #39, the console's side: the reward settings (switches, budget, the level table) with
// their checks, a promo code created in the console and redeemed by a player on their rewards
// page, disabled, and the day's spend; at 390 and 1440 px, axe clean, nothing overflowing.
// The level table and the budget are the whole site's: this spec saves only what is in force
// (or sets it back), so the other specs meet the table they expect.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function checkPage(page: Page, state: string) {
  // The console's tables scroll inside their own box on a phone, as every console page's do.
  await expectLayoutSound(page, state, { tablesMayScroll: true });
  await expectNoAxeViolations(page, state);
}

async function signedInAdmin(page: Page, next: string) {
  const email = uniqueEmail("operator");
  await admin("user:create", { email, password: PASSWORD });
  await admin("user:set", { email, role: "admin" });
  await signIn(page, email, PASSWORD, next);
}

async function redeemAsPlayer(browser: Browser, viewport: (typeof VIEWPORTS)[number], code: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  try {
    await signedInPlayer(page, "10.00", `promo-${viewport.width}`);
    await page.goto("/rewards");
    const field = page.getByLabel("Code", { exact: true });
    await field.fill(code.toLowerCase());
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByTestId("promo-redeemed")).toHaveText(`${code}: $2.50 credited. New balance $12.50.`);
    await expect(page.getByTestId("header-balance")).toContainText("12.50");
    await expectLayoutSound(page, `rewards page after a redemption, ${viewport.width} px`);
    await expectNoAxeViolations(page, `rewards page after a redemption, ${viewport.width} px`);
    // Once per account: the second try says so.
    await field.fill(code);
    await page.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByRole("region", { name: "Promo code" }).getByRole("alert")).toHaveText(
      `This account has already redeemed ${code}.`,
    );
  } finally {
    await context.close();
  }
}

for (const viewport of VIEWPORTS) {
  test(`a promo code created in the console is redeemed by a player, then disabled; the spend shows it, at ${viewport.width} px`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await signedInAdmin(page, "/admin/packs");
    await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Rewards" }).click();
    await expect(page).toHaveURL(/\/admin\/rewards$/);
    await expect(page.getByRole("heading", { level: 1, name: "Rewards" })).toBeVisible();
    await checkPage(page, `reward settings, ${viewport.width} px`);

    await page.getByRole("navigation", { name: "Reward pages" }).getByRole("link", { name: "Promo codes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Promo codes" })).toBeVisible();
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "New promo code" }) });
    await expect(form).toHaveAttribute("data-ready", "true");
    // Checked before anything is sent.
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(form.getByRole("alert")).toHaveText("Code: 3 to 32 letters, digits or -.");
    const code = `CON-${randomUUID().slice(0, 8).toUpperCase()}`;
    await form.getByLabel("Code").fill(code);
    await form.getByLabel("Amount ($)").fill("2.5");
    await form.getByLabel("Redemptions at most").fill("5");
    await form.getByRole("button", { name: "Create code" }).click();
    const dialog = page.getByRole("dialog", { name: `Create the promo code ${code}` });
    await expect(dialog).toContainText("$12.50");
    await checkPage(page, `promo code confirmation, ${viewport.width} px`);
    await dialog.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByTestId("promo-created")).toContainText(`Created ${code}`);
    const row = page.getByTestId(`promo-row-${code}`);
    await expect(row).toContainText("$2.50");
    await expect(row).toContainText("0 / 5");
    await expect(row.getByTestId("promo-state")).toHaveText("live");
    await checkPage(page, `promo codes, ${viewport.width} px`);
    await snapView(page, `admin-promo-codes-${viewport.width}`);

    await redeemAsPlayer(browser, viewport, code);

    await page.reload();
    await expect(row).toContainText("1 / 5");
    await row.getByRole("button", { name: `Disable ${code}` }).click();
    await page
      .getByRole("dialog", { name: `Disable ${code}` })
      .getByRole("button", { name: "Disable code" })
      .click();
    await expect(row.getByTestId("promo-state")).toHaveText("disabled");
    await expect(row.getByRole("button", { name: `Disable ${code}` })).toHaveCount(0);

    await page.getByRole("navigation", { name: "Reward pages" }).getByRole("link", { name: "Spend by day" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reward spend" })).toBeVisible();
    const today = page.getByTestId(`spend-day-${new Date().toISOString().slice(0, 10)}`);
    // This run's 2.50 at least (other specs add theirs), to the cent.
    await expect(today.getByTestId("spend-promo")).toContainText(/\$\d[\d,]*\.\d\d/);
    await checkPage(page, `reward spend, ${viewport.width} px`);
  });
}

test("the reward settings' forms check what is typed, and say whether a change applied or waits for another admin", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAdmin(page, "/admin/rewards");

  const levels = page.getByTestId("reward-level-form");
  await expect(levels).toHaveAttribute("data-ready", "true");
  await levels.getByLabel("Level").selectOption("2");
  const threshold = levels.getByLabel("Wagered from ($)");
  const kept = await threshold.inputValue();
  await threshold.fill("a lot");
  await levels.getByRole("button", { name: "Save level 2" }).click();
  await expect(levels.getByRole("alert")).toHaveText("Wagered from: enter an amount like 100.00.");
  await threshold.fill(kept);
  await levels.getByLabel("Rakeback (% of the house take)").fill("75");
  await levels.getByRole("button", { name: "Save level 2" }).click();
  await expect(levels.getByRole("alert")).toHaveText("Rakeback: enter a percentage from 0 to 50, like 5.00.");
  // Out of order: the server's check, in words; nothing changes.
  await levels.getByLabel("Rakeback (% of the house take)").fill("5.00");
  await threshold.fill("1.00");
  await levels.getByRole("button", { name: "Save level 2" }).click();
  await expect(levels.getByRole("alert")).toContainText("Level 2 must start above level 1");
  await checkPage(page, "reward settings, a refused level");
  await page.reload();
  await expect(page.getByTestId("level-row-2")).toContainText(`$${Number(kept).toFixed(2)}`);

  const budget = page
    .getByTestId("reward-money-settings")
    .locator("form")
    .filter({ has: page.getByLabel(/Reward budget a day/) });
  await expect(budget).toHaveAttribute("data-ready", "true");
  const field = budget.getByLabel(/Reward budget a day/);
  const inForce = await field.inputValue();
  await field.fill("");
  await budget.getByRole("button", { name: "Save" }).click();
  await expect(budget.getByRole("alert")).toHaveText("Reward budget a day: enter an amount like 1000.00.");
  const raised = (Number(inForce) + 1).toFixed(2);
  await field.fill(raised);
  await budget.getByRole("button", { name: "Save" }).click();
  await expect(budget.getByTestId("setting-pending")).toContainText(
    `A raise of the budget to $${Number(raised).toLocaleString("en-US", { minimumFractionDigits: 2 })} waits for another admin`,
  );
  await checkPage(page, "reward settings, a raise waiting");
  // Back to what is in force: no raise, so it applies at once (and the raise waiting is superseded).
  await field.fill(inForce);
  await budget.getByRole("button", { name: "Save" }).click();
  await expect(budget.getByTestId("setting-applied")).toContainText("Saved: rewards may cost");

  const switches = page.getByTestId("reward-switches");
  await switches.getByRole("button", { name: "Save switches" }).click();
  await expect(switches.getByTestId("switches-saved")).toHaveText("Saved: rakeback on, daily case on.");

  // Creator codes: the commission is a money setting (a raise waits); the rest is checked here and saved as it is in force.
  const creators = page.getByRole("region", { name: "Creator codes" });
  const commission = creators.locator("form").filter({ has: page.getByLabel(/Commission \(basis points/) });
  await expect(commission).toHaveAttribute("data-ready", "true");
  const rate = commission.getByLabel(/Commission \(basis points/);
  const rateInForce = await rate.inputValue();
  await rate.fill(String(Number(rateInForce) + 1));
  await commission.getByRole("button", { name: "Save" }).click();
  await expect(commission.getByTestId("setting-pending")).toContainText(
    `A raise of the commission to ${Number(rateInForce) + 1} basis points waits for another admin`,
  );
  await rate.fill(rateInForce);
  await commission.getByRole("button", { name: "Save" }).click();
  await expect(commission.getByTestId("setting-applied")).toContainText("Saved: creators now earn");
  const affiliate = page.getByTestId("affiliate-settings");
  await expect(affiliate).toHaveAttribute("data-ready", "true");
  const days = affiliate.getByLabel("Commission for (days)");
  const daysInForce = await days.inputValue();
  await days.fill("forever");
  await affiliate.getByRole("button", { name: "Save creator codes" }).click();
  await expect(affiliate.getByRole("alert")).toHaveText("Commission for: enter a whole number of days from 1 to 3650.");
  await days.fill(daysInForce);
  await affiliate.getByRole("button", { name: "Save creator codes" }).click();
  await expect(affiliate.getByTestId("affiliate-saved")).toContainText(`commission for ${daysInForce} days`);
  await checkPage(page, "reward settings, creator codes saved");
});
