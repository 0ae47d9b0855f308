import { expect, test, type Page } from "@playwright/test";
import { demoCatalog } from "@prizepacks/db/seed";
import {
  DEMO_PACK,
  alertOf,
  cents,
  displayCents,
  expectHeaderBalance,
  followMailLink,
  signIn,
  signUp,
  signedInPlayer,
  uniqueEmail,
} from "./support";

const PRICE = cents(DEMO_PACK.price);
const openButton = (page: Page) => page.getByRole("button", { name: /^Open \d packs? for / });

async function gotoPack(page: Page) {
  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: DEMO_PACK.name })).toBeVisible();
}

/** The sum of the "Pack opened" rows of /wallet, in cents, and how many there are. */
async function ledgerOpenings(page: Page) {
  await page.goto("/wallet");
  const rows = page.getByTestId("ledger-row").filter({ has: page.locator('[data-label="Kind"]', { hasText: "Pack opened" }) });
  await expect(page.getByTestId("ledger-row").first()).toBeVisible();
  const amounts = await rows.locator('[data-label="Amount"]').allInnerTexts();
  return { count: amounts.length, total: amounts.reduce((sum, text) => sum + cents(text), 0) };
}

test("a programmatic double click on Open charges once and shows one result; focus goes to the result", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signedInPlayer(page, "20.00", "double");
  await gotoPack(page);
  // Two clicks in one tick, before React can re-render the button.
  await openButton(page).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.getByTestId("open-summary")).toBeVisible();
  await expect(page.getByTestId("open-result")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 3 }).filter({ hasText: /^You/ })).toBeFocused();
  await expectHeaderBalance(page, 2000 - PRICE);
  const ledger = await ledgerOpenings(page);
  expect(ledger).toEqual({ count: 1, total: -PRICE });
});

test("only the quantities the balance covers are offered, and why", async ({ page }) => {
  await signedInPlayer(page, displayCents(2 * PRICE + 1).slice(1), "quantity");
  await gotoPack(page);
  const quantity = page.getByRole("group", { name: "Packs to open" });
  for (const count of [1, 2]) await expect(quantity.getByRole("radio", { name: String(count), exact: true })).toBeEnabled();
  for (const count of [3, 4, 5]) await expect(quantity.getByRole("radio", { name: String(count), exact: true })).toBeDisabled();
  await expect(page.getByTestId("open-balance-hint")).toHaveText("Your balance covers 2 packs.");
});

test("with too little money nothing is charged: the Open bar offers Add funds in Open's place, and says why", async ({ page }) => {
  await signedInPlayer(page, "1.00", "broke");
  await gotoPack(page);
  await expect(page.getByTestId("open-balance-hint")).toContainText("does not cover this pack");
  await expect(openButton(page)).toHaveCount(0);
  const addFunds = page.getByTestId("open-bar").getByRole("link", { name: "Add funds to open" });
  await expect(addFunds).toHaveAttribute("href", `/wallet?back=${encodeURIComponent(`/packs/${DEMO_PACK.slug}`)}`);
  await expect(addFunds).toHaveAccessibleDescription(/does not cover this pack/);
  await expect(page.getByTestId("open-summary")).toHaveCount(0);
  await expectHeaderBalance(page, 100);
});

test("quick open and sound switches are remembered across reloads", async ({ page }) => {
  await signedInPlayer(page, "10.00", "switches");
  await gotoPack(page);
  const sound = page.getByRole("switch", { name: "Sound" });
  const quick = page.getByRole("switch", { name: "Quick open" });
  await expect(sound).toHaveAttribute("aria-checked", "false");
  await expect(quick).not.toBeChecked();
  await sound.click();
  await quick.check();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Sound" })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("switch", { name: "Quick open" })).toBeChecked();
  await page.goto("/inventory");
  await expect(page.getByRole("switch", { name: "Sound" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("switch", { name: "Sound" }).click();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Sound" })).toHaveAttribute("aria-checked", "false");
});

test("open 5: one summary whose totals equal the sum of the results and the ledger; selling them credits that total", async ({ page }) => {
  test.setTimeout(120_000);
  await signedInPlayer(page, "100.00", "multi");
  await gotoPack(page);
  await page.getByRole("group", { name: "Packs to open" }).getByRole("radio", { name: "5", exact: true }).check();
  await openButton(page).click();
  // Clicking the reels skips them to the end.
  await page.getByTestId("reels").click();
  const summary = page.getByTestId("open-summary");
  await expect(summary).toBeVisible();
  const results = summary.getByTestId("open-result");
  await expect(results).toHaveCount(5);
  const values = (await results.getByTestId("open-result-value").allInnerTexts()).map(cents);
  const totalValue = values.reduce((sum, value) => sum + value, 0);
  expect(cents(await summary.getByTestId("summary-total-value").innerText())).toBe(totalValue);
  expect(cents(await summary.getByTestId("summary-total-price").innerText())).toBe(5 * PRICE);
  expect(cents(await summary.getByTestId("summary-net").innerText())).toBe(totalValue - 5 * PRICE);
  for (const [index, value] of values.entries()) {
    expect(cents(await results.nth(index).getByTestId("open-result-net").innerText())).toBe(value - PRICE);
  }
  // Fairness data sits in a dialog per result.
  await expect(results.first().getByText("serverSeedHash")).toBeHidden();
  await results.first().getByRole("button", { name: "Fairness data" }).click();
  await expect(results.first().getByText("serverSeedHash")).toBeVisible();
  await page.keyboard.press("Escape");
  await expectHeaderBalance(page, 10000 - 5 * PRICE);

  await summary.getByRole("button", { name: `Sell these for ${displayCents(totalValue)}` }).click();
  const saleStatus = page.locator(".open-sale-status");
  await expect(saleStatus).toContainText(
    `Sold 5 items for ${displayCents(totalValue)}. New balance ${displayCents(10000 - 5 * PRICE + totalValue)}.`,
  );
  await expect(saleStatus).toBeFocused();
  await expectHeaderBalance(page, 10000 - 5 * PRICE + totalValue);

  const ledger = await ledgerOpenings(page);
  expect(ledger).toEqual({ count: 5, total: -5 * PRICE });
});

test("phone: the pack page has a bottom bar; after Open the reel is in the viewport", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInPlayer(page, "20.00", "phone");
  await gotoPack(page);
  const bar = page.getByTestId("open-bar");
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole("button", { name: /^Open 1 pack for / })).toBeInViewport();
  await bar.getByRole("button", { name: /^Open 1 pack for / }).click();
  await expect(page.getByTestId("reel").first()).toBeInViewport();
  await expect(page.getByTestId("open-summary")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("open-summary")).toBeInViewport();
  // The menu is one button that opens the navigation.
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inventory" }).click();
  await expect(page).toHaveURL(/\/inventory$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
});

test("an opening made over REST appears in another browser's drop feed within 2 s, and in the pack's live open count", async ({
  page,
  browser,
  request,
}) => {
  const { apiKey } = await signedInPlayer(page, "20.00", "dropper");
  const watcher = await browser.newContext();
  try {
    const watching = await watcher.newPage();
    await watching.goto(`/packs/${DEMO_PACK.slug}`);
    const ticker = watching.getByTestId("drop-ticker");
    await expect(ticker).toHaveAttribute("data-live", "true");
    const openCount = watching.getByTestId("open-count");
    const countBefore = Number((await openCount.innerText()).replace(/\D/g, ""));

    const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    const drop = ticker.getByTestId("drop").filter({ hasText: body.item.name }).filter({ hasText: "D***" }).first();
    await expect(drop).toBeVisible({ timeout: 2_000 });
    await expect(drop).toContainText(displayCents(cents(body.item.value)));
    await expect(drop).toContainText(DEMO_PACK.name);
    await expect(openCount).toHaveText(`${(countBefore + 1).toLocaleString("en-US")} times`);

    await expect(drop.getByTestId("drop-age")).toHaveText(/^(now|\d+s ago)$/);

    // The strip is drawn under the header, above the page, but comes after the page in the
    // document: keyboard and screen-reader users reach the content first.
    const [tickerBox, mainBox] = [await ticker.boundingBox(), await watching.locator("main").boundingBox()];
    expect(tickerBox!.y).toBeLessThan(mainBox!.y);
    expect(
      await watching.evaluate(
        () =>
          document.querySelector("main")!.compareDocumentPosition(document.querySelector("[data-testid=drop-ticker]")!) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBeTruthy();

    // The rarity filter is the server's (its own stream, which replays the latest drops of that
    // floor), and this browser remembers it.
    const filtered = watching.waitForRequest((request) => request.url().endsWith("/v1/drops?minRarity=LEGENDARY"));
    await watching.getByLabel("Show which drops").selectOption("LEGENDARY");
    await filtered;
    for (const rarity of await ticker.getByTestId("drop").locator(".rarity").allInnerTexts()) expect(rarity).toBe("LEGENDARY");
    const refiltered = watching.waitForRequest((request) => request.url().endsWith("/v1/drops?minRarity=LEGENDARY"));
    await watching.reload();
    await refiltered;
    await expect(watching.getByLabel("Show which drops")).toHaveValue("LEGENDARY");
  } finally {
    await watcher.close();
  }
});

test("catalogue filters are chips that apply at once, without a reload", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.getByRole("navigation", { name: "Category" }).getByRole("link", { name: "Tech" }).click();
  await expect(page).toHaveURL(/category=TECH/);
  await expect(page.getByRole("navigation", { name: "Category" }).getByRole("link", { name: "Tech" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const category of await page.getByTestId("pack-card").locator(".pack-card-category").allInnerTexts()) expect(category).toBe("TECH");
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

test("an unverified player can ask for a new verification link, and it works", async ({ page }) => {
  const email = uniqueEmail("resend");
  await signUp(page, email);
  await signIn(page, email);
  await expect(alertOf(page)).toContainText("Your e-mail address is not verified yet");
  await expect(alertOf(page)).not.toContainText("We sent you");
  await page.getByRole("button", { name: "Send a new verification link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`We sent a new verification link to ${email}`);
  await page.goto("/dev/outbox");
  await expect(
    page
      .getByTestId("outbox-mail")
      .filter({ hasText: `To: ${email}` })
      .filter({ hasText: /Verify your prizepacks e-mail/ }),
  ).toHaveCount(2);
  await followMailLink(page, email, /Verify your prizepacks e-mail/);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-balance")).toBeVisible();
});

test("GET /art: every demo pack and item image is drawn, an unknown icon is a 404", async ({ request }) => {
  const images = demoCatalog.flatMap((pack) => [pack.image, ...pack.items.map((item) => item.image)]);
  const bodies = new Set<string>();
  for (const image of new Set(images)) {
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/svg+xml");
    const body = await response.text();
    expect(body, "no text inside images").not.toMatch(/<text/);
    bodies.add(body);
  }
  expect(bodies.size).toBe(new Set(images).size);
  expect((await request.get("/art/item/EPIC/not-an-icon.svg")).status()).toBe(404);
  expect((await request.get("/art/item/SHINY/trophy.svg")).status()).toBe(404);
});
