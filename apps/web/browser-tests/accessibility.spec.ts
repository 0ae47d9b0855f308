import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PACK, signedInPlayer } from "./support";

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

async function expectNoViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(found, `axe violations on ${state}`).toEqual([]);
}

for (const [size, viewport] of Object.entries(WIDTHS)) {
  test(`axe finds no violations on the main pages (${size})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signedInPlayer(page, "50.00", `axe-${size}`);

    for (const [path, state] of [
      ["/", "catalogue"],
      ["/inventory", "inventory (empty)"],
      ["/history", "history (empty)"],
      ["/wallet", "wallet"],
      ["/wallet/statements", "statements"],
      ["/fairness", "fairness"],
      ["/settings/api", "settings"],
      ["/settings/safer-play", "safer play"],
      ["/dev/outbox", "outbox"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      await expectNoViolations(page, state);
    }

    await page.goto(`/packs/${DEMO_PACK.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: DEMO_PACK.name })).toBeVisible();
    await expectNoViolations(page, "pack, before an open");
    await page.getByRole("button", { name: /^Open 1 pack for / }).click();
    await expect(page.getByTestId("reel")).toHaveAttribute("data-landed", "false");
    await expectNoViolations(page, "pack, during an open");
    await expect(page.getByTestId("open-summary")).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(page, "pack, after an open");
    await page.getByTestId("open-result").getByRole("button", { name: "Fairness data" }).click();
    await expectNoViolations(page, "pack, after an open, fairness data shown");
    await page.keyboard.press("Escape");

    for (const [path, state] of [
      ["/inventory", "inventory"],
      ["/history", "history"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("main")).toBeVisible();
      await expectNoViolations(page, state);
    }
    if (size === "phone") {
      await page.getByRole("button", { name: "Menu" }).click();
      await expectNoViolations(page, "menu open");
    }
  });
}
