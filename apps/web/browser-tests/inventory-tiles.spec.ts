import { expect, test, type Page } from "@playwright/test";
import { DEMO_PACK, LAYOUT_WIDTHS, expectControlsReachable, expectLayoutSound, expectNoAxeViolations, signedInPlayer } from "./support";

// Issue #36, item 9: ten items took 3,035 px at 390 px, one to a row. Two tiles a row on a phone,
// the sale's amount on its button ("Sell $12.50"), and every checkbox and footer link a target
// of at least 24 px (WCAG 2.2, 2.5.8).

/** Checkboxes and footer links smaller than 24 px either way. */
async function smallTargets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("input[type=checkbox], .site-footer a")]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
      .map(({ element, box }) => `${element.outerHTML.slice(0, 60)} ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

for (const viewport of LAYOUT_WIDTHS) {
  test(`ten items as compact tiles with the amount on Sell, at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { apiKey } = await signedInPlayer(page, "100.00", `tiles-${viewport.width}`);
    for (let opened = 0; opened < 10; opened++) {
      const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(response.status()).toBe(200);
    }
    await page.goto("/inventory");
    const tiles = page.getByTestId("inventory-item");
    await expect(tiles).toHaveCount(10);

    const boxes = await tiles.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    const perRow = boxes.filter((box) => Math.abs(box.top - boxes[0]!.top) < 1).length;
    expect(perRow, "tiles in the first row").toBeGreaterThanOrEqual(2);
    if (viewport.width < 640) {
      const listHeight = boxes.at(-1)!.bottom - boxes[0]!.top;
      expect(listHeight, "ten tiles' height, against 3,035 px for the page one to a row").toBeLessThan(1_600);
    }

    const first = tiles.first();
    const name = (await first.getByRole("heading", { level: 2 }).innerText()).trim();
    const value = (await first.locator(".inventory-item-meta .money").innerText()).trim();
    const sell = first.getByRole("button", { name: `Sell ${name} for ${value}` });
    const shown = await sell.evaluate((button) => {
      const copy = button.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".visually-hidden").forEach((hidden) => hidden.remove());
      return copy.textContent?.replace(/\s+/g, " ").trim();
    });
    expect(shown, "the Sell button's words on screen").toBe(`Sell ${value}`);

    expect(await smallTargets(page), "targets under 24 px").toEqual([]);
    await expectLayoutSound(page, "inventory, ten tiles");
    await expectControlsReachable(page, "inventory, ten tiles");
    await expectNoAxeViolations(page, "inventory, ten tiles");

    await page.getByRole("button", { name: "Grouped" }).click();
    await expect(page.getByTestId("inventory-group").first()).toBeVisible();
    await expectLayoutSound(page, "inventory, grouped");
    await expectNoAxeViolations(page, "inventory, grouped");

    await page.goto(`/packs/${DEMO_PACK.slug}`);
    expect(await smallTargets(page), "targets under 24 px on the pack page").toEqual([]);
  });
}
