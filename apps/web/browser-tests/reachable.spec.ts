import { expect, test } from "@playwright/test";
import { DEMO_PACK, LAYOUT_WIDTHS, expectControlsReachable, signedInPlayer } from "./support";

// Issue #36: on a phone the pack page's fixed Open bar covered the footer's links ("How fairness
// works", "Safer play", "REST API") at the page's furthest scroll, and the reels of an opening
// landed behind it. Every control reachable, and the reels above the bar while they spin.

for (const viewport of LAYOUT_WIDTHS) {
  test(`every control can be scrolled clear of the fixed bars at ${viewport.width} px`, async ({ page, browser }) => {
    const visitorContext = await browser.newContext({ viewport });
    const visitor = await visitorContext.newPage();
    try {
      for (const path of ["/", `/packs/${DEMO_PACK.slug}`]) {
        await visitor.goto(path);
        await expect(visitor.getByRole("main")).toBeVisible();
        await expectControlsReachable(visitor, `signed out ${path}`);
      }
    } finally {
      await visitorContext.close();
    }

    await page.setViewportSize(viewport);
    await signedInPlayer(page, "100.00", `reach-${viewport.width}`);
    for (const path of [
      `/packs/${DEMO_PACK.slug}`,
      "/",
      "/wallet",
      "/inventory",
      "/history",
      "/fairness",
      "/settings/safer-play",
      "/rewards",
      "/settings/profile",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expectControlsReachable(page, path);
    }
  });

  test(`the reels spin in view, above the Open bar, and the feed keeps the drop until they land, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInPlayer(page, "100.00", `reel-view-${viewport.width}`);
    await page.goto(`/packs/${DEMO_PACK.slug}`);
    await expect(page.getByTestId("drop-ticker")).toHaveAttribute("data-live", "true");
    const feed = () => page.getByTestId("drop-age").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
    const feedBefore = await feed();
    // Scrolled to the top, as a player arriving: Open is pressed in the bar far from the stage.
    await page.getByRole("button", { name: /^Open 1 pack for / }).click();
    const reel = page.getByTestId("reel").first();
    await expect(reel).toHaveAttribute("data-landed", "false");
    for (const at of [1_000, 3_000]) {
      await page.waitForTimeout(at === 1_000 ? 1_000 : 2_000);
      const { box, barTop, height } = await reel.evaluate((element) => {
        const bar = document.querySelector("[data-testid=open-bar]");
        const barBox = bar?.getBoundingClientRect();
        const fixed = bar !== null && getComputedStyle(bar).position === "fixed";
        return {
          box: element.getBoundingClientRect().toJSON() as DOMRect,
          barTop: fixed ? barBox!.top : Infinity,
          height: window.innerHeight,
        };
      });
      expect(box.top, `reel top at ${at} ms`).toBeGreaterThanOrEqual(0);
      expect(box.bottom, `reel bottom at ${at} ms, window ${height}, bar from ${barTop}`).toBeLessThanOrEqual(Math.min(height, barTop));
      expect(await feed(), `the live feed at ${at} ms, the reel still spinning`).toEqual(feedBefore);
    }
    await expect(reel).toHaveAttribute("data-landed", "true", { timeout: 15_000 });
    await expect(page.getByTestId("drop").first()).toContainText("R***");
  });
}
