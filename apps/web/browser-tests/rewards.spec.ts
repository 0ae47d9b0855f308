import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { admin, DEMO_PACK, expectControlsReachable, expectLayoutSound, expectNoAxeViolations, signedInPlayer, snapView } from "./support";

// Issue #39, the web side: the level in the header, the rewards page's level bar, a rakeback
// claim, the daily case with the pack page's reel and a promo code redeemed, the level beside the
// player's drops and on their profile, on a phone (motion reduced: no reel) and a desktop, laid
// out at 360–1440 px and axe clean.

const VIEWPORTS = [
  { width: 390, height: 844, reducedMotion: "reduce" },
  { width: 1440, height: 900, reducedMotion: "no-preference" },
] as const;

async function checkPage(page: Page, state: string) {
  await expectLayoutSound(page, state);
  await expectControlsReachable(page, state);
  await expectNoAxeViolations(page, state);
}

test.beforeAll(async () => {
  // Level 1 (100.00 wagered) opens the demo pack as its daily case.
  await admin("rewards:level", { level: "1", threshold: "100.00", "rakeback-bps": "500", "daily-pack": DEMO_PACK.slug });
});

for (const viewport of VIEWPORTS) {
  test(`claim rakeback and open the daily case, at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: viewport.reducedMotion });
    const { apiKey } = await signedInPlayer(page, "200.00", `rewards-${viewport.width}`);
    // 23 openings of 4.99: level 1 at the 21st, rakeback from the 22nd.
    for (let opened = 0; opened < 23; opened++) {
      const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(response.status()).toBe(200);
    }

    await page.goto("/");
    await expect(page.getByTestId("header-level")).toHaveText("Lv 1");
    await page.getByTestId("header-level").click();
    await expect(page).toHaveURL(/\/rewards$/);
    await expect(page.getByRole("heading", { level: 1, name: "Rewards" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Level 1" })).toBeVisible();
    await expect(page.getByTestId("level-bar")).toBeVisible();
    for (const width of [360, viewport.width]) {
      await page.setViewportSize({ width, height: viewport.height });
      await checkPage(page, `rewards at ${width} px`);
    }
    await snapView(page, `rewards-${viewport.width}`);

    await page.getByRole("button", { name: "Claim rakeback" }).click();
    await expect(page.getByTestId("rakeback-claimed")).toContainText(/^Claimed \$0\.\d\d\. New balance/);
    await expect(page.getByTestId("rakeback-available")).toHaveText("$0.00");

    await page.getByRole("button", { name: "Open the daily case" }).click();
    if (viewport.reducedMotion === "no-preference") await expect(page.getByTestId("reel")).toBeVisible();
    await expect(page.getByTestId("daily-won")).toContainText("it is in your inventory", { timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Open the daily case" })).toBeDisabled();
    await checkPage(page, `rewards after the daily case at ${viewport.width} px`);

    const history = await request.get("/v1/history", { headers: { authorization: `Bearer ${apiKey}` } });
    const spins = ((await history.json()) as { spins: Array<{ kind: string }> }).spins;
    expect(spins.filter((spin) => spin.kind === "daily")).toHaveLength(1);

    // A promo code, as the operator's command line makes one: redeemed once, refused the second time.
    const code = `WEB-${randomUUID().slice(0, 8).toUpperCase()}`;
    await admin("promo:create", { code, amount: "1.25", "max-redemptions": "5" });
    const promo = page.getByRole("region", { name: "Promo code" });
    await promo.getByLabel("Code").fill(code);
    await promo.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByTestId("promo-redeemed")).toContainText(`${code}: $1.25 credited. New balance`);
    await checkPage(page, `rewards after a promo code at ${viewport.width} px`);
    await promo.getByRole("button", { name: "Redeem" }).click();
    await expect(page.getByTestId("promo-redeemed")).toHaveCount(0);
    await expect(promo.getByRole("alert")).toHaveText("Enter a code of 3 to 32 letters, digits or -.");
    await promo.getByLabel("Code").fill(code);
    await promo.getByRole("button", { name: "Redeem" }).click();
    await expect(promo.getByRole("alert")).toHaveText(`This account has already redeemed ${code}.`);

    // The level beside the drops (this player's 23 openings are the latest) and on the profile.
    await page.goto("/settings/profile");
    await expect(page.getByTestId("profile-level")).toHaveText("Level 1");
    await expect(page.getByTestId("drop-level").first()).toHaveText(/^Lv\s*level 1$/);
    await checkPage(page, `profile at ${viewport.width} px`);
  });
}
