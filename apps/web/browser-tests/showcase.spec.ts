import { expect, test, type Page } from "@playwright/test";
import { DEMO_PACK, signedInPlayer, snapView } from "./support";

// The README's pictures of a player's session (npm run screenshots), checked as it goes, each at
// a desktop's and a phone's width: the catalogue and the live feed filling up, a reel mid-spin,
// a five-pack summary, the inventory, the phone pack page.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A reel mid-spin, then its result: the picture taken 1.2 s in. */
async function snapReelMidSpin(page: Page, name: string) {
  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await page.getByRole("button", { name: /^Open 1 pack for / }).click();
  const reel = page.getByTestId("reel");
  await expect(reel).toHaveAttribute("data-landed", "false");
  await page.waitForTimeout(1_200); // mid-spin, for the picture only
  await snapView(page, name);
  await expect(page.getByTestId("open-summary")).toBeVisible({ timeout: 15_000 });
}

async function snapFiveOpened(page: Page, name: string) {
  await page.getByRole("group", { name: "Packs to open" }).getByRole("radio", { name: "5", exact: true }).check();
  await page.getByRole("button", { name: /^Open 5 packs for / }).click();
  await expect(page.getByTestId("reel")).toHaveCount(5);
  await page.getByTestId("reels").click();
  const summary = page.getByTestId("open-summary");
  await expect(summary.getByTestId("open-result")).toHaveCount(5);
  await page.waitForTimeout(1_600); // the celebration settles
  await snapView(page, name);
}

test("showcase: catalogue, live feed, reel mid-spin, multi-open summary, inventory, at desktop and phone widths", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { apiKey } = await signedInPlayer(page, "500.00", "showcase");
  await page.setViewportSize(DESKTOP);

  // Some openings by "someone else" over the API, so the feed has something to show.
  for (const slug of [
    "luxury-watch-case",
    "sneakerhead-vault",
    "gamer-loot-crate",
    "trading-card-mystery",
    DEMO_PACK.slug,
    "weekend-getaway",
  ]) {
    const response = await page.request.post(`/v1/packs/${slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status()).toBe(200);
  }
  await page.goto("/");
  await expect(page.getByTestId("drop-ticker").getByTestId("drop")).not.toHaveCount(0);
  await expect(page.getByTestId("pack-card").first().locator("img").first()).toHaveJSProperty("complete", true);
  await snapView(page, "catalogue");
  await snapView(page, "live-feed", { clip: { x: 0, y: 0, width: DESKTOP.width, height: 300 } });
  await snapReelMidSpin(page, "reel-mid-spin");
  await snapFiveOpened(page, "multi-open-summary");
  await page.goto("/inventory");
  await expect(page.getByTestId("inventory-item").first()).toBeVisible();
  await snapView(page, "inventory");

  const phone = await browser.newContext({ viewport: PHONE, storageState: await page.context().storageState() });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto("/");
    await expect(phonePage.getByTestId("pack-card").first().locator("img").first()).toHaveJSProperty("complete", true);
    await snapView(phonePage, "catalogue-phone");
    await phonePage.goto(`/packs/${DEMO_PACK.slug}`);
    await expect(phonePage.getByTestId("open-bar")).toBeInViewport();
    await snapView(phonePage, "phone-pack");
    await snapReelMidSpin(phonePage, "reel-mid-spin-phone");
    await snapFiveOpened(phonePage, "multi-open-summary-phone");
    await phonePage.goto("/inventory");
    await expect(phonePage.getByTestId("inventory-item").first()).toBeVisible();
    await snapView(phonePage, "inventory-phone");
  } finally {
    await phone.close();
  }
});
