import { expect, test } from "@playwright/test";
import { DEMO_PACK, signedInPlayer, snapView } from "./support";

// The README's pictures of a player's session (npm run screenshots), checked as it goes: the
// live feed filling up, a reel mid-spin, a five-pack summary, the phone pack page.
test("showcase: live feed, reel mid-spin, multi-open summary, phone pack page", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { apiKey } = await signedInPlayer(page, "500.00", "showcase");
  await page.setViewportSize({ width: 1280, height: 900 });

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
  await snapView(page, "live-feed", { clip: { x: 0, y: 0, width: 1280, height: 300 } });

  await page.goto(`/packs/${DEMO_PACK.slug}`);
  await page.getByRole("button", { name: /^Open 1 pack for / }).click();
  const reel = page.getByTestId("reel");
  await expect(reel).toHaveAttribute("data-landed", "false");
  await reel.scrollIntoViewIfNeeded();
  await page.waitForTimeout(1_200); // mid-spin, for the picture only
  await snapView(page, "reel-mid-spin");
  await expect(page.getByTestId("open-summary")).toBeVisible({ timeout: 15_000 });

  await page.getByRole("group", { name: "Packs to open" }).getByRole("radio", { name: "5", exact: true }).check();
  await page.getByRole("button", { name: /^Open 5 packs for / }).click();
  await expect(page.getByTestId("reel")).toHaveCount(5);
  await page.getByTestId("reels").click();
  const summary = page.getByTestId("open-summary");
  await expect(summary.getByTestId("open-result")).toHaveCount(5);
  await page.waitForTimeout(1_600); // the celebration settles
  await snapView(page, "multi-open-summary");

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(`/packs/${DEMO_PACK.slug}`);
    await expect(phonePage.getByTestId("open-bar")).toBeInViewport();
    await snapView(phonePage, "phone-pack");
  } finally {
    await phone.close();
  }
});
