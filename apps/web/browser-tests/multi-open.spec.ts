import { expect, test, type Locator, type Page } from "@playwright/test";
import { DEMO_PACK, LAYOUT_WIDTHS, cents, expectLayoutSound, expectNoAxeViolations, signedInPlayer } from "./support";

// Issue #36, items 5 and 9: five reels at once all in view (at 1440 x 900 only two and a half
// were) and the summary clear of the Open bar; each reel card shows its value first and its name
// on up to two lines, the reel settles on the card's centre with a flash of its rarity; what
// a screen reader hears is "You won" only for a win.

/** The part of the window nothing is pinned over: below the sticky header, above a fixed Open bar. */
async function openWindow(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector(".site-header")?.getBoundingClientRect();
    const bar = document.querySelector("[data-testid=open-bar]");
    const fixed = bar !== null && getComputedStyle(bar).position === "fixed";
    return { top: header?.bottom ?? 0, bottom: fixed ? bar.getBoundingClientRect().top : window.innerHeight };
  });
}

async function expectInWindow(page: Page, target: Locator, what: string) {
  const area = await openWindow(page);
  const box = await target.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  expect(box.top, `${what}: top below the header (${area.top})`).toBeGreaterThanOrEqual(area.top - 1);
  expect(box.bottom, `${what}: bottom above ${area.bottom}`).toBeLessThanOrEqual(area.bottom + 1);
}

for (const viewport of LAYOUT_WIDTHS) {
  test(`five reels in view while they spin, then the summary clear of the bar, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInPlayer(page, "100.00", `multi-${viewport.width}`);
    await page.goto(`/packs/${DEMO_PACK.slug}`);
    await page.getByRole("group", { name: "Packs to open" }).getByRole("radio", { name: "5", exact: true }).check();
    await page.getByRole("button", { name: /^Open 5 packs for / }).click();
    const reels = page.getByTestId("reel");
    await expect(reels).toHaveCount(5);
    await expect(reels.first()).toHaveAttribute("data-landed", "false");
    await page.waitForTimeout(1_000);
    for (let index = 0; index < 5; index++) await expectInWindow(page, reels.nth(index), `reel ${index + 1} of 5 at 1 s`);
    await expectInWindow(page, page.getByRole("button", { name: "Skip" }), "Skip");
    await expectLayoutSound(page, "five reels spinning");

    const summary = page.getByTestId("open-summary");
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: /packs opened|packs: you won/ })).toBeFocused();
    await expectInWindow(page, summary.getByRole("heading", { level: 3 }), "the summary's heading");
    await expectLayoutSound(page, "five opened");
    await expectNoAxeViolations(page, "five opened");
  });

  test(`a reel card shows value then name, the reel settles and flashes, and the result is named honestly, at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signedInPlayer(page, "100.00", `settle-${viewport.width}`);
    await page.goto(`/packs/${DEMO_PACK.slug}`);
    await page.getByRole("button", { name: /^Open 1 pack for / }).click();
    const reel = page.getByTestId("reel");
    await expect(reel).toHaveAttribute("data-landed", "false");
    const cards = await reel.locator(".reel-card").evaluateAll((elements) =>
      elements.map((card) => {
        const value = card.querySelector(".reel-card-value")!;
        const name = card.querySelector(".reel-card-name") as HTMLElement;
        return {
          valueFirst: Boolean(value.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING),
          name: name.textContent,
          clipped: name.scrollHeight > name.clientHeight + 1,
          lines: Math.round(name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)),
        };
      }),
    );
    expect(
      cards.filter((card) => !card.valueFirst).map((card) => card.name),
      "cards with the name before the value",
    ).toEqual([]);
    expect(
      cards.filter((card) => card.clipped).map((card) => card.name),
      "names cut off",
    ).toEqual([]);
    expect(Math.max(...cards.map((card) => card.lines)), "lines of a name").toBeLessThanOrEqual(2);

    await expect(reel).toHaveAttribute("data-landed", "true", { timeout: 15_000 });
    const winner = page.getByTestId("reel-winner");
    expect(await winner.evaluate((card) => getComputedStyle(card, "::after").animationName)).toBe("reel-flash");
    // The settle: 0.3 s onto the card's centre, under the marker.
    await expect
      .poll(async () =>
        winner.evaluate((card) => {
          const marker = document.querySelector("[data-testid=reel-marker]")!.getBoundingClientRect();
          const box = card.getBoundingClientRect();
          return Math.abs(box.left + box.width / 2 - (marker.left + marker.width / 2));
        }),
      )
      .toBeLessThanOrEqual(2);

    const value = cents(await page.getByTestId("open-result-value").innerText());
    const verb = value > cents(DEMO_PACK.price) ? "You won" : "You got";
    await expect(page.getByRole("status").filter({ hasText: /^You (won|got) / })).toHaveText(new RegExp(`^${verb} `));
    const net = page.getByTestId("summary-net").locator(".money");
    await expect(net).toHaveClass(value > cents(DEMO_PACK.price) ? /positive/ : value < cents(DEMO_PACK.price) ? /negative/ : /^money$/);
  });
}
