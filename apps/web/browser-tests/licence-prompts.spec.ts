import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PACK,
  cents,
  expectControlsReachable,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  signedInPlayer,
} from "./support";

// The prompts a licence requires (#37): the safer-play page in a dialog before the first paid
// play, acknowledged once for the account; a deposit limit offered before the first deposit,
// set or skipped, once; and a link to a deposit limit on the home page and the wallet. These
// accounts keep their prompts due (every other spec's accounts have answered them).

const PRICE = cents(DEMO_PACK.price);
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

const openButton = (page: Page) => page.getByRole("button", { name: /^Open 1 pack for / });
const saferPlayPrompt = (page: Page) => page.getByRole("dialog", { name: "Before you play: safer play" });
const depositPrompt = (page: Page) => page.getByRole("dialog", { name: "Set a deposit limit?" });

async function prompts(page: Page, apiKey: string) {
  const response = await page.request.get("/v1/me/prompts", { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    saferPlay: { acknowledgedAt: string | null; due: boolean };
    depositLimit: { answer: string | null; answeredAt: string | null; due: boolean };
  };
}

/** The dialog lies inside the window, nothing of it cut off or under the Open bar (the top layer is above it). */
async function expectDialogInWindow(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  // What a tap at the acknowledging button's centre hits is that button.
  const buttons = dialog.getByRole("button");
  for (const button of await buttons.all()) {
    const hit = await button.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const found = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      return found !== null && element.contains(found);
    });
    expect(hit, `${await button.innerText()} reachable`).toBe(true);
  }
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the safer-play page comes once before the first opening: closed, nothing opens; acknowledged, the opening goes on; never again", async ({
      page,
      browser,
    }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const { email, apiKey } = await signedInPlayer(page, "20.00", "wager", { licencePrompts: "due" });
      await page.goto(`/packs/${DEMO_PACK.slug}`);

      // Esc: the dialog closes, the opening does not happen, the focus is back on Open.
      await openButton(page).click();
      const dialog = saferPlayPrompt(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expect(dialog).toContainText("Limits, breaks and reminders that keep play within what you decide");
      await expect(dialog).toContainText("Spending limits");
      await expect(dialog).toContainText("Reality check");
      await expect(dialog).toContainText("Take a break");
      await expectDialogInWindow(page, dialog);
      await expectNoAxeViolations(page, "first-wager dialog");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(openButton(page)).toBeFocused();

      // Cancel: the same.
      await openButton(page).click();
      await expect(dialog).toBeVisible();
      for (let step = 0; step < 4; step++) await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("open-summary")).toHaveCount(0);
      await expectHeaderBalance(page, 2000);
      expect((await prompts(page, apiKey)).saferPlay).toEqual({ acknowledgedAt: null, due: true });

      // Acknowledged: recorded on the account, and the opening that asked goes on.
      await openButton(page).click();
      await dialog.getByRole("button", { name: "I have read this, continue" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("open-summary")).toBeVisible();
      await expectHeaderBalance(page, 2000 - PRICE);
      const recorded = (await prompts(page, apiKey)).saferPlay;
      expect(recorded).toEqual({ acknowledgedAt: expect.any(String), due: false });

      // A second opening: no dialog.
      await openButton(page).click();
      await expectHeaderBalance(page, 2000 - 2 * PRICE);
      await expect(dialog).toHaveCount(0);

      // Another device (a fresh browser context): the account has acknowledged, nothing asks.
      const other = await browser.newContext({ viewport });
      const phone = await other.newPage();
      await phone.emulateMedia({ reducedMotion: "reduce" });
      await phone.goto("/sign-in");
      await phone.getByLabel("E-mail").fill(email);
      await phone.getByLabel("Password").fill("correct-horse-42");
      await phone.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(phone).toHaveURL((url) => url.pathname === "/");
      await phone.goto(`/packs/${DEMO_PACK.slug}`);
      await openButton(phone).click();
      await expectHeaderBalance(phone, 2000 - 3 * PRICE);
      await expect(saferPlayPrompt(phone)).toHaveCount(0);
      await other.close();
      expect((await prompts(page, apiKey)).saferPlay).toEqual(recorded);
    });

    test("the deposit-limit prompt at the first deposit: closed, nothing is deposited; a limit set is recorded and the deposit goes on", async ({
      page,
    }) => {
      const { apiKey } = await signedInPlayer(page, "0.00", "limit-set", { licencePrompts: "due" });
      await page.goto("/wallet");
      await expect(page.getByTestId("deposit-limit-link")).toBeVisible();
      await page.getByLabel("Amount").fill("25.00");
      await page.getByRole("button", { name: "Add funds", exact: true }).click();
      const dialog = depositPrompt(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Per")).toBeFocused();
      await expectDialogInWindow(page, dialog);
      await expectNoAxeViolations(page, "deposit-limit prompt");
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expectHeaderBalance(page, 0);
      expect((await prompts(page, apiKey)).depositLimit).toEqual({ answer: null, answeredAt: null, due: true });

      await page.getByRole("button", { name: "Add funds", exact: true }).click();
      await expect(dialog).toBeVisible();
      // A malformed amount: refused at the field, the dialog stays.
      await dialog.getByLabel("Amount").fill("0");
      await dialog.getByRole("button", { name: "Set limit and continue" }).click();
      await expect(dialog.getByRole("alert")).toContainText("above 0.00");
      await expect(dialog.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
      await dialog.getByLabel("Per").selectOption("week");
      await dialog.getByLabel("Amount").fill("100");
      await expect(dialog).toContainText("The most you can deposit in the last 7 days: $100.00");
      await dialog.getByRole("button", { name: "Set limit and continue" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("status").filter({ hasText: "Added $25.00" })).toBeVisible();
      await expectHeaderBalance(page, 2500);
      const answered = await prompts(page, apiKey);
      expect(answered.depositLimit).toEqual({ answer: "set", answeredAt: expect.any(String), due: false });
      const limits = await page.request.get("/v1/me/limits", { headers: { authorization: `Bearer ${apiKey}` } });
      expect(((await limits.json()) as { limits: unknown[] }).limits).toMatchObject([
        { kind: "deposit", period: "week", amount: "100.00" },
      ]);

      // The next deposit: no prompt.
      await page.getByLabel("Amount").fill("10.00");
      await page.getByRole("button", { name: "Add funds", exact: true }).click();
      await expectHeaderBalance(page, 3500);
      await expect(dialog).toHaveCount(0);
    });

    test("the deposit-limit prompt skipped: recorded, nothing set, the deposit goes on and nothing asks again", async ({ page }) => {
      const { apiKey } = await signedInPlayer(page, "0.00", "limit-skip", { licencePrompts: "due" });
      await page.goto("/wallet");
      await page.getByLabel("Amount").fill("25.00");
      await page.getByRole("button", { name: "Add funds", exact: true }).click();
      await depositPrompt(page).getByRole("button", { name: "Skip and continue" }).click();
      await expect(depositPrompt(page)).toHaveCount(0);
      await expectHeaderBalance(page, 2500);
      expect((await prompts(page, apiKey)).depositLimit).toEqual({ answer: "skipped", answeredAt: expect.any(String), due: false });
      await page.reload();
      await page.getByLabel("Amount").fill("5.00");
      await page.getByRole("button", { name: "Add funds", exact: true }).click();
      await expectHeaderBalance(page, 3000);
      await expect(depositPrompt(page)).toHaveCount(0);
    });

    test("a deposit-limit link on the home page and the wallet, reachable, leading to the form with deposit chosen", async ({ page }) => {
      await signedInPlayer(page, "10.00", "limit-links", { licencePrompts: "due" });
      for (const path of ["/", "/wallet"]) {
        await page.goto(path);
        const link = page.getByRole("main").getByTestId("deposit-limit-link");
        await expect(link).toBeVisible();
        await expect(link).toHaveText("Set a deposit limit");
        await expectLayoutSound(page, `${path} with the deposit-limit link`);
        await expectControlsReachable(page, `${path} with the deposit-limit link`);
        await expectNoAxeViolations(page, `${path} with the deposit-limit link`);
      }
      await page.getByRole("main").getByTestId("deposit-limit-link").click();
      await expect(page).toHaveURL((url) => url.pathname === "/settings/safer-play" && url.searchParams.get("limit") === "deposit");
      const form = page.getByRole("form", { name: "Set a limit" });
      await expect(form.getByLabel("Kind")).toHaveValue("deposit");
      await expect(form.getByLabel("Amount")).toBeInViewport();
    });
  });
}

test("a battle's seat waits for the safer-play page too: closed, no battle is created; acknowledged, it is", async ({ page }) => {
  await signedInPlayer(page, "50.00", "battle-prompt", { licencePrompts: "due" });
  await page.goto("/battles/new");
  await page.locator(`[data-testid=battle-add-pack][data-pack-slug="${DEMO_PACK.slug}"]`).click();
  const submit = page.getByTestId("battle-create-submit");
  await submit.click();
  await expect(saferPlayPrompt(page)).toBeVisible();
  await saferPlayPrompt(page).getByRole("button", { name: "Cancel" }).click();
  await expect(saferPlayPrompt(page)).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === "/battles/new");
  await expectHeaderBalance(page, 5000);

  await submit.click();
  await saferPlayPrompt(page).getByRole("button", { name: "I have read this, continue" }).click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expectHeaderBalance(page, 5000 - PRICE);
});
