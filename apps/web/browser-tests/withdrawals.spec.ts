import { expect, test } from "@playwright/test";
import {
  LAYOUT_WIDTHS,
  PASSWORD,
  admin,
  completeDemoCheck,
  expectLayoutSound,
  expectNoAxeViolations,
  signIn,
  signedInPlayer,
  snapView,
  uniqueEmail,
} from "./support";

// Withdrawals in the web app: Wallet → Withdraw, Settings → Payout destinations and the
// console's Withdrawals page, sound from 360 to 1440 px and clean under axe. Money out needs
// the account's second factor, which this server's web transport asks for (the answer names it).

test("the withdraw form, payout destinations and their second-factor refusal", async ({ page }) => {
  await signedInPlayer(page, "50.00", "withdraw");
  await page.goto("/wallet");
  const withdraw = page.getByRole("region", { name: "Withdraw" });
  await expect(withdraw.getByRole("link", { name: "Go to the identity check" })).toBeVisible();
  await completeDemoCheck(page);
  await expect(withdraw.getByRole("link", { name: /Payout destinations/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Withdrawals" })).toContainText("No withdrawals yet.");
  for (const size of LAYOUT_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "wallet with withdrawals");
    await snapView(page, `wallet-withdraw-${size.width}`);
  }
  await expectNoAxeViolations(page, "wallet with withdrawals");

  await withdraw.getByRole("link", { name: /Payout destinations/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payout destinations" })).toBeVisible();
  const add = page.getByRole("region", { name: "Add a destination" });
  await add.getByLabel("Address").fill("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
  await add.getByLabel("Label").fill("cold wallet");
  await add.getByLabel("Two-factor code").fill("123456");
  await add.getByRole("button", { name: "Add destination" }).click();
  await expect(add.getByRole("alert")).toContainText(/second factor/);
  await expect(page.getByRole("region", { name: "Your destinations" })).toContainText("None yet.");
  for (const size of LAYOUT_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "payout destinations");
    await snapView(page, `payout-destinations-${size.width}`);
  }
  await expectNoAxeViolations(page, "payout destinations");

  await page.goto("/settings/payouts/confirm?token=not-a-token");
  await page.getByRole("button", { name: "Confirm destination" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("not valid");
  await expectNoAxeViolations(page, "payout destination confirmation");
});

test("the console lists withdrawals by state", async ({ page }) => {
  const email = uniqueEmail("payouts-admin");
  await admin("user:create", { email, password: PASSWORD });
  await admin("user:set", { email, role: "admin" });
  await signIn(page, email, PASSWORD, "/admin/withdrawals");
  await expect(page.getByRole("heading", { level: 1, name: "Withdrawals" })).toBeVisible();
  await expect(page.getByLabel(/Approve automatically below/)).toHaveValue("0.00");
  for (const state of ["requested", "completed", "all"]) {
    await page.getByRole("navigation", { name: "Withdrawal states" }).getByRole("link", { name: state, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`state=${state}`));
    for (const size of LAYOUT_WIDTHS) {
      await page.setViewportSize(size);
      await expectLayoutSound(page, `console withdrawals (${state})`, { tablesMayScroll: true });
      await snapView(page, `console-withdrawals-${state}-${size.width}`);
    }
    await expectNoAxeViolations(page, `console withdrawals (${state})`);
  }
});
