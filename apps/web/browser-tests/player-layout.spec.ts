import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PACK,
  LAYOUT_WIDTHS,
  PASSWORD,
  admin,
  expectLayoutSound,
  expectNoAxeViolations,
  signIn,
  signedInPlayer,
  uniqueEmail,
} from "./support";

// Every player page from a small phone to a desktop: nothing wider than the window, no two
// controls over each other, axe clean. (Against the code before issue #18: the signed-out header
// was 462 px wide at 390, the open bar's "5" chip sat under the Open button, the odds table's
// Tickets column was cut off.)

async function check(page: Page, state: string) {
  await expect(page.getByRole("main")).toBeVisible();
  await expectLayoutSound(page, state);
  await expectNoAxeViolations(page, state);
}

for (const viewport of LAYOUT_WIDTHS) {
  test(`player pages hold together at ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    const visitorContext = await browser.newContext({ viewport });
    const visitor = await visitorContext.newPage();
    try {
      for (const path of ["/", `/packs/${DEMO_PACK.slug}`, "/sign-in", "/sign-up"]) {
        await visitor.goto(path);
        await check(visitor, `signed out ${path}`);
      }
    } finally {
      await visitorContext.close();
    }

    await page.setViewportSize(viewport);
    await signedInPlayer(page, "100.00", `layout-${viewport.width}`);
    for (const path of ["/", "/wallet", "/inventory", "/history", "/settings/api", "/settings/safer-play", "/fairness", "/upgrader"]) {
      await page.goto(path);
      await check(page, path);
    }

    await page.goto(`/packs/${DEMO_PACK.slug}`);
    await check(page, "pack page");
    await page.getByRole("group", { name: "Packs to open" }).getByRole("radio", { name: "5", exact: true }).check();
    await page.getByRole("button", { name: /^Open 5 packs for / }).click();
    await expect(page.getByTestId("reel").first()).toHaveAttribute("data-landed", "false");
    await check(page, "five reels spinning");
    const summary = page.getByTestId("open-summary");
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await check(page, "five-pack summary");
    await summary.getByTestId("open-result").first().getByRole("button", { name: "Fairness data" }).click();
    await expect(page.getByTestId("fairness-dialog").first()).toBeVisible();
    await check(page, "fairness data dialog");
    await page.keyboard.press("Escape");

    for (const path of ["/inventory", "/history", "/upgrader"]) {
      await page.goto(path);
      await check(page, `${path} with items`);
    }
  });
}

// The header with the operator's extra "Console" link (it sat under the sound switch at 1440 px).
for (const viewport of LAYOUT_WIDTHS) {
  test(`an operator's header holds together at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail("layout-admin");
    await admin("user:create", { email, password: PASSWORD, balance: "10.00" });
    await admin("user:set", { email, role: "admin" });
    await signIn(page, email);
    await expect(page.getByTestId("header-balance")).toBeVisible();
    await expectLayoutSound(page, "operator's home");
    if (viewport.width > 1024)
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Console" })).toBeVisible();
  });
}

// Issue #18, "items that look like themselves": each demo item is drawn with the icon of what it is
// (the $8,999 chronograph was a crown, the graded rookie card a crown, sneakers a gem, a mouse pad a
// desktop PC), a pack's art from those, and the pack page shows every item large under "What's inside".
const DRAWN_AS = [
  { pack: "luxury-watch-case", item: "Swiss Automatic Chronograph", image: "/art/item/LEGENDARY/watch.svg" },
  { pack: "luxury-watch-case", item: "Automatic Dive Watch (300 m)", image: "/art/item/EPIC/diving-mask.svg" },
  { pack: "trading-card-mystery", item: "Gem Mint 10 Graded Rookie Card", image: "/art/item/LEGENDARY/identification-card.svg" },
  { pack: "sneakerhead-vault", item: "Limited Retro High-Top (Deadstock)", image: "/art/item/LEGENDARY/running-shoe.svg" },
  { pack: "gamer-loot-crate", item: "XL Extended Mouse Pad", image: "/art/item/UNCOMMON/black-large-square.svg" },
] as const;

for (const viewport of LAYOUT_WIDTHS) {
  test(`a pack's items look like themselves, large, at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await page.goto("/");
    const watchCard = page.getByTestId("pack-card").filter({ has: page.getByRole("heading", { name: "Luxury Watch Case", exact: true }) });
    await expect(watchCard.locator("img").first()).toHaveAttribute("src", "/art/pack/DIAMOND/watch,diving-mask,globe-with-meridians.svg");

    for (const slug of [...new Set(DRAWN_AS.map((drawn) => drawn.pack))]) {
      await page.goto(`/packs/${slug}`);
      const contents = page.getByTestId("pack-contents");
      await expect(page.getByRole("heading", { name: "What’s inside" })).toBeVisible();
      const tiles = contents.getByRole("listitem");
      await expect(tiles).toHaveCount(await page.getByRole("region", { name: "Items and odds table" }).locator("tbody tr").count());
      for (const { item, image } of DRAWN_AS.filter((drawn) => drawn.pack === slug)) {
        const tile = tiles.filter({ hasText: item });
        await expect(tile).toHaveCount(1);
        await expect(tile.getByTestId("pack-contents-image")).toHaveAttribute("src", image);
      }
      // Every picture at 96 px or more, loaded, and the grid inside the window at every width.
      const pictures = contents.getByTestId("pack-contents-image");
      for (let index = 0; index < (await pictures.count()); index++) {
        const picture = pictures.nth(index);
        await picture.scrollIntoViewIfNeeded();
        await expect(picture).toHaveJSProperty("complete", true);
        expect(await picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
        const box = (await picture.boundingBox())!;
        expect(Math.min(box.width, box.height), `picture ${index} of ${slug}`).toBeGreaterThanOrEqual(96);
      }
      await check(page, `what's inside ${slug}`);
    }
  });
}
