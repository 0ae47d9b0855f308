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
    for (const path of ["/", "/wallet", "/inventory", "/history", "/settings/api", "/settings/safer-play", "/fairness"]) {
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

    for (const path of ["/inventory", "/history"]) {
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
