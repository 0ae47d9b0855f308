import { expect, test, type Locator } from "@playwright/test";
import { PASSWORD, admin, expectNoAxeViolations, signIn, signedInPlayer, uniqueEmail } from "./support";

// Validation shown after a field is touched (issue #18, item 10): nothing is wrong while a form
// first renders or while the first value is typed; a field's problem shows, in plain words, once
// the field is left after a change or the form is submitted, and goes when the value is fixed.

async function expectFine(field: Locator, form: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveCount(0);
}

test("the wallet's amount: checked when the field is left or the form submitted, never on first render", async ({ page }) => {
  await signedInPlayer(page, "0.00", "touched");
  await page.goto("/wallet");
  const form = page.locator("form.wallet-deposit-form");
  const amount = form.getByLabel("Amount");
  await expectFine(amount, form);

  // Passing through the untouched field says nothing.
  await amount.focus();
  await amount.blur();
  await expectFine(amount, form);

  // Typing: nothing yet; leaving the field: the problem, tied to the field.
  await amount.fill("2.999");
  await expectFine(amount, form);
  await amount.blur();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveText("Enter an amount above 0.00 and at most 1000.00, with at most two decimals.");
  await expectNoAxeViolations(page, "wallet, amount invalid");

  // Fixed: gone at once.
  await amount.fill("2.99");
  await expectFine(amount, form);

  // Emptied and submitted: said in plain words, and nothing is sent.
  await amount.fill("");
  await form.getByRole("button", { name: "Add funds", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText("Enter an amount to add.");
});

test("the console's money form: both fields checked on submit, in plain words, and each when left", async ({ page }) => {
  const adminEmail = uniqueEmail("touchadmin");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  const player = await admin("user:create", { email: uniqueEmail("touchplayer"), balance: "3.00" });
  await signIn(page, adminEmail, PASSWORD, `/admin/accounts/${player.userId}`);
  const money = page.getByRole("region", { name: "Adjust balance" });
  await expect(money.locator("form")).toHaveAttribute("data-ready", "true");
  const amount = money.getByLabel("Amount ($)");
  const reason = money.getByLabel("Reason");
  await expectFine(amount, money);
  await expectFine(reason, money);

  await money.getByRole("button", { name: "Credit balance" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(money.getByRole("alert")).toHaveText(["Amount is required", "Reason must not be empty"]);

  await reason.fill("ab");
  await reason.blur();
  // The error map's words, never Zod's "Too small: expected string to have >=3 characters".
  await expect(money.getByRole("alert").filter({ hasText: "Reason" })).toHaveText("Reason must be at least 3 characters");
  await reason.fill("goodwill");
  await amount.fill("0");
  await amount.blur();
  await expect(money.getByRole("alert")).toHaveText(["Amount must be more than 0.00, with at most two decimals"]);
  await expectNoAxeViolations(page, "console money form, amount invalid");
  await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");
});
