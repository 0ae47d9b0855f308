import { expect, test, type Page } from "@playwright/test";
import { DEMO_PACK, cents, expectControlsReachable, expectLayoutSound, expectNoAxeViolations, signedInPlayer, snapView } from "./support";

// Issue #38, the web side: an upgrade from a fresh account's inventory (the chance dial, the roll,
// the result and its fairness data one click away), the upgrade verifier, and an exchange from
// the inventory, on a phone (motion reduced: no sweep) and a desktop (the sweep, skipped with Space).

const VIEWPORTS = [
  { width: 390, height: 844, reducedMotion: "reduce" },
  { width: 1440, height: 900, reducedMotion: "no-preference" },
] as const;

async function checkPage(page: Page, state: string) {
  await expectLayoutSound(page, state);
  await expectControlsReachable(page, state);
  await expectNoAxeViolations(page, state);
}

for (const viewport of VIEWPORTS) {
  test(`an upgrade and an exchange, at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ reducedMotion: viewport.reducedMotion });
    const { apiKey } = await signedInPlayer(page, "50.00", `upgrader-${viewport.width}`);
    for (let opened = 0; opened < 3; opened++) {
      const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
      expect(response.status()).toBe(200);
    }

    // The header links the upgrader beside packs and battles.
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    if (viewport.width < 640) await page.getByRole("button", { name: "Menu" }).click();
    await nav.getByRole("link", { name: "Upgrader" }).click();
    await expect(page).toHaveURL(/\/upgrader$/);
    await expect(page.getByRole("heading", { level: 1, name: "Upgrader" })).toBeVisible();

    // The stake: one held item.
    const stakeItems = page.getByTestId("stake-item");
    await expect(stakeItems).toHaveCount(3);
    await stakeItems.first().click();
    const stakeTotal = page.getByTestId("upgrader-stake-total");
    await expect(stakeTotal).toContainText("1 of 10 items");
    const stakeCents = cents(await stakeTotal.locator(".money").innerText());
    expect(stakeCents).toBeGreaterThan(0);

    // The target: the cheapest item worth at least twice the stake (a chance near 46 %).
    const target = page.getByRole("region", { name: "2. Your target" });
    await target.getByLabel("From $").fill((Math.ceil((stakeCents * 2) / 100) + 0.01).toFixed(2));
    await target.getByRole("button", { name: "Find" }).click();
    const firstTarget = target.getByTestId("target").first();
    await expect(firstTarget).toBeVisible();
    await firstTarget.getByRole("button", { name: "Choose" }).click();
    await expect(firstTarget.getByRole("button", { name: "Chosen" })).toHaveAttribute("aria-pressed", "true");

    // The quote: the chance with three decimals in text and on the dial, expected value and edge.
    const chance = page.getByTestId("upgrader-chance");
    await expect(chance).toHaveText(/^\d{1,2}\.\d{3} %$/);
    const chanceText = (await chance.innerText()).trim();
    await expect(page.getByRole("img", { name: new RegExp(`^Chance ${chanceText.replace(".", "\\.")}`) })).toBeVisible();
    await expect(page.getByTestId("upgrader-quote")).toContainText("House edge");
    await checkPage(page, `upgrader, quoted, ${viewport.width} px`);

    // The roll: lands on the server's ticket; Space skips the sweep where there is one.
    await page.getByTestId("upgrade-button").click();
    if (viewport.reducedMotion === "no-preference") {
      await expect(page.getByRole("button", { name: "Skip" })).toBeVisible();
      await page.keyboard.press("Space");
    }
    const result = page.getByTestId("upgrade-result");
    await expect(result).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("upgrade-dial")).toHaveAttribute("data-landed", "true");
    const won = (await result.getByRole("heading").innerText()).startsWith("You won");
    await expect(page.getByTestId("upgrade-dial")).toHaveClass(won ? /is-won/ : /is-lost/);
    await checkPage(page, `upgrader, result, ${viewport.width} px`);
    await snapView(page, `upgrader-result-${viewport.width}`);

    // The fairness data one click away, and the verifier from there.
    await result.getByRole("button", { name: "Fairness data" }).click();
    const dialog = page.getByTestId("fairness-dialog").filter({ visible: true });
    await expect(dialog).toContainText("serverSeedHash");
    await expect(dialog).toContainText("ticket");
    await dialog.getByRole("link", { name: "Verify this upgrade" }).click();
    await expect(page).toHaveURL(/\/fairness\?verify=upgrade/);
    await expect(page.getByTestId("upgrade-verify-seed-secret")).toBeVisible();

    // The verifier recomputes the published test vector in the browser.
    const verifier = page.getByRole("region", { name: "Verify an upgrade" });
    await verifier.getByLabel("Server seed").fill("a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70");
    await verifier.getByLabel("Client seed").fill("my-client-seed");
    await verifier.getByLabel("Nonce").fill("1");
    await verifier.getByLabel("Chance (tickets of 100000)").fill("23000");
    await verifier.getByRole("button", { name: "Verify the upgrade" }).click();
    await expect(verifier.getByTestId("upgrade-verify-ticket")).toHaveText("11811");
    await expect(verifier.getByTestId("upgrade-verify-hash")).toHaveText(
      "1e3c6702eb34f4e93d9a51b413ce6581197059cbc4906cc6268446d2d68e842b",
    );
    await expect(verifier.getByTestId("upgrade-verify-outcome")).toContainText("Won");
    await checkPage(page, `fairness, upgrade verified, ${viewport.width} px`);

    // The history lists the upgrade beside the openings.
    await page.goto("/history");
    await expect(page.getByTestId("history-upgrade-row")).toHaveCount(1);
    await expect(page.getByTestId("history-row")).toHaveCount(3);

    // The exchange: every held item for the cheapest shippable item, the rest to the wallet.
    await page.goto("/inventory");
    const tiles = page.getByTestId("inventory-item");
    await expect(tiles).toHaveCount(won ? 3 : 2);
    await page.getByLabel("Select all").check();
    await page.getByRole("button", { name: "Exchange selected" }).click();
    const exchange = page.getByTestId("exchange-dialog");
    await expect(exchange).toBeVisible();
    await exchange.getByLabel("To $").fill("1.00");
    await exchange.getByRole("button", { name: "Find" }).click();
    const cheapest = exchange.getByTestId("target").first();
    await expect(cheapest).toBeVisible();
    await cheapest.getByRole("button", { name: /^Add/ }).click();
    await expect(exchange.getByTestId("exchange-cash")).toHaveText(/^\$\d+\.\d{2}$/);
    // A modal dialog: the page behind it is inert, so only the dialog's own layout and axe count here.
    await expectLayoutSound(page, `inventory, exchange dialog, ${viewport.width} px`);
    await expectNoAxeViolations(page, `inventory, exchange dialog, ${viewport.width} px`);
    await snapView(page, `exchange-dialog-${viewport.width}`);
    await exchange.getByTestId("exchange-confirm").click();
    await expect(exchange.getByTestId("exchange-result")).toContainText("Exchanged");
    await exchange.getByRole("button", { name: "Done" }).click();
    await expect(exchange).toBeHidden();
    await expect(tiles).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Exchanged" })).toBeVisible();
    await checkPage(page, `inventory, exchanged, ${viewport.width} px`);
  });
}
