import { expect, test, type Page } from "@playwright/test";
import { LAYOUT_WIDTHS, PASSWORD, admin, confirmInDialog, expectLayoutSound, expectNoAxeViolations, signIn, uniqueEmail } from "./support";

// #36 item 8: nothing in the console moves money or cannot be undone on one click. Each such
// action asks first in the app's own dialog, saying what will happen; until it is confirmed the
// balance is what it was, and Cancel (or Escape) leaves it so.

async function newAdmin() {
  const email = uniqueEmail("confirming");
  await admin("user:create", { email, password: PASSWORD });
  await admin("user:set", { email, role: "admin" });
  return email;
}

/** The balance as the server has it now (a reload, not what the page last showed). */
async function serverBalance(page: Page) {
  await page.reload();
  return page.getByTestId("admin-balance").innerText();
}

for (const size of LAYOUT_WIDTHS) {
  test(`at ${size.width} px a credit is confirmed before the balance moves; Cancel and Escape leave it`, async ({ page }) => {
    await page.setViewportSize(size);
    const player = await admin("user:create", { email: uniqueEmail("confirmed"), balance: "3.00" });
    await signIn(page, await newAdmin(), PASSWORD, `/admin/accounts/${player.userId}`);
    await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");
    // The summary at the top: nothing played, the starting balance an operator's (not a deposit).
    await expect(page.getByTestId("summary-wagered")).toHaveText("$0.00");
    await expect(page.getByTestId("summary-return")).toHaveText("—");
    await expect(page.getByTestId("summary-deposits")).toHaveText("$0.00");
    // The ledger shows its amounts with the currency sign.
    await expect(page.getByRole("row", { name: /ADJUSTMENT/ })).toContainText("+$3.00");

    const money = page.getByRole("region", { name: "Adjust balance" });
    await expect(money.locator("form")).toHaveAttribute("data-ready", "true");
    await money.getByLabel("Amount ($)").fill("25");
    await money.getByLabel("Reason").fill("goodwill for a lost parcel");
    await money.getByRole("button", { name: "Credit balance" }).click();

    const dialog = page.getByRole("dialog", { name: "Credit $25.00" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(player.email!);
    await expect(dialog).toContainText("+$25.00");
    await expect(dialog.getByTestId("confirm-balance")).toHaveText("$3.00 → $28.00");
    await expect(dialog).toContainText("goodwill for a lost parcel");
    // Cancel has the focus: an Enter does not act.
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");
    await expectLayoutSound(page, `credit confirmation at ${size.width} px`, { tablesMayScroll: true });
    await expectNoAxeViolations(page, `credit confirmation at ${size.width} px`);

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(money.getByRole("button", { name: "Credit balance" })).toBeFocused();
    await expect(money.getByRole("status")).toHaveCount(0);
    expect(await serverBalance(page)).toBe("$3.00");

    await money.getByLabel("Amount ($)").fill("25");
    await money.getByLabel("Reason").fill("goodwill for a lost parcel");
    await money.getByRole("button", { name: "Credit balance" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect(await serverBalance(page)).toBe("$3.00");

    await money.getByLabel("Amount ($)").fill("25");
    await money.getByLabel("Reason").fill("goodwill for a lost parcel");
    await money.getByRole("button", { name: "Credit balance" }).click();
    await confirmInDialog(page, "Credit $25.00");
    await expect(money.getByRole("status")).toHaveText("Credited $25.00; the balance is now $28.00.");
    await expect(page.getByTestId("admin-balance")).toHaveText("$28.00");
    expect(await serverBalance(page)).toBe("$28.00");
    await expect(page.getByRole("row", { name: /goodwill for a lost parcel/ })).toContainText("+$25.00");
    await expectNoAxeViolations(page, `account page at ${size.width} px`);
  });
}

test("a debit is confirmed with the balance it leaves; archiving asks in the dialog, and Cancel changes nothing", async ({ page }) => {
  const player = await admin("user:create", { email: uniqueEmail("debited"), balance: "10.00" });
  await signIn(page, await newAdmin(), PASSWORD, `/admin/accounts/${player.userId}`);
  const money = page.getByRole("region", { name: "Adjust balance" });
  await expect(money.locator("form")).toHaveAttribute("data-ready", "true");
  await money.getByLabel("Debit").check();
  await money.getByLabel("Amount ($)").fill("4.5");
  await money.getByLabel("Reason").fill("chargeback");
  await money.getByRole("button", { name: "Debit balance" }).click();
  const dialog = page.getByRole("dialog", { name: "Debit $4.50" });
  await expect(dialog).toContainText("-$4.50");
  await expect(dialog.getByTestId("confirm-balance")).toHaveText("$10.00 → $5.50");
  await expect(page.getByTestId("admin-balance")).toHaveText("$10.00");
  await confirmInDialog(page, "Debit $4.50");
  await expect(page.getByTestId("admin-balance")).toHaveText("$5.50");
  await expect(page.getByRole("row", { name: /chargeback/ })).toContainText("-$4.50");

  // A pack's archive and delete: the dialog says what happens; Cancel leaves the pack as it was.
  await page.goto("/admin/packs/mini-gadget-grab");
  await page.getByRole("button", { name: "Archive…" }).click();
  const archive = page.getByRole("dialog", { name: "Archive mini-gadget-grab" });
  await expect(archive).toContainText("off sale for good");
  await expectNoAxeViolations(page, "archive confirmation");
  await archive.getByRole("button", { name: "Cancel" }).click();
  await expect(archive).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Archive…" })).toBeVisible();
  await expect(page.getByText("This pack is archived")).toHaveCount(0);

  // The simulation's table has a name for every header (axe's one finding on this page).
  await page.getByRole("button", { name: "Simulate 100,000 openings" }).click();
  await expect(page.getByTestId("simulation")).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, "pack page with its simulation");
});
