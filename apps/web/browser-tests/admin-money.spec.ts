import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { LAYOUT_WIDTHS, PASSWORD, admin, confirmInDialog, expectLayoutSound, expectNoAxeViolations, signIn, uniqueEmail } from "./support";

// The console asks before it moves money: one submission applies once, a large credit waits for
// a second admin, and every console page keeps its own frame sound at phone and desktop widths.

async function newAdmin(label = "operator") {
  const email = uniqueEmail(label);
  await admin("user:create", { email, password: PASSWORD });
  await admin("user:set", { email, role: "admin" });
  return email;
}

async function signedInAdmin(browser: Browser, email: string, next: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD, next);
  await expect(page).toHaveURL((url) => url.pathname === next);
  return page;
}

const moneyForm = (page: Page) => page.getByRole("region", { name: "Adjust balance" });

test("a credit confirmed twice at once (a double click) applies once", async ({ page }) => {
  const adminEmail = await newAdmin();
  const player = await admin("user:create", { email: uniqueEmail("double"), balance: "3.00" });
  await signIn(page, adminEmail, PASSWORD, `/admin/accounts/${player.userId}`);
  await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");

  const money = moneyForm(page);
  await expect(money.locator("form")).toHaveAttribute("data-ready", "true");
  await money.getByLabel("Amount ($)").fill("5.00");
  await money.getByLabel("Reason").fill("goodwill, clicked twice");
  // Two submissions in one task open one confirmation; two clicks on its button in one task,
  // before React can close it, are two requests with the form's one key.
  await money.locator("form").evaluate((form: HTMLFormElement) => {
    form.requestSubmit();
    form.requestSubmit();
  });
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "Credit $5.00" })
    .evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
  await expect(money.getByRole("status")).toContainText("the balance is now $8.00");
  await page.reload();
  await expect(page.getByTestId("admin-balance")).toHaveText("$8.00");
  await expect(page.getByRole("row", { name: /ADJUSTMENT/ }).filter({ hasNotText: "initial balance" })).toHaveCount(1);

  // And a real double click on the button: once again.
  await money.getByLabel("Amount ($)").fill("1.00");
  await money.getByLabel("Reason").fill("goodwill, double-clicked");
  await money.getByRole("button", { name: "Credit balance" }).dblclick();
  await page.getByRole("dialog").getByRole("button", { name: "Credit $1.00" }).dblclick();
  await expect(money.getByRole("status")).toContainText("the balance is now $9.00");
  await page.reload();
  await expect(page.getByTestId("admin-balance")).toHaveText("$9.00");
  await expect(page.getByRole("row", { name: /ADJUSTMENT/ }).filter({ hasNotText: "initial balance" })).toHaveCount(2);
});

test("a credit above the approval amount waits until another admin approves it", async ({ page, browser }) => {
  const requester = await newAdmin("requester");
  const player = await admin("user:create", { email: uniqueEmail("large"), balance: "3.00" });
  await signIn(page, requester, PASSWORD, `/admin/accounts/${player.userId}`);

  const money = moneyForm(page);
  await expect(money.locator("form")).toHaveAttribute("data-ready", "true");
  await money.getByLabel("Amount ($)").fill("1000000.00");
  await money.getByLabel("Reason").fill("tournament prize");
  await money.getByRole("button", { name: "Credit balance" }).click();
  // The confirmation says it waits for a second admin, and shows no new balance.
  const dialog = page.getByRole("dialog", { name: "Request a credit of $1,000,000.00" });
  await expect(dialog).toContainText("needs a second admin's approval");
  await expect(dialog).toContainText("$3.00 (unchanged until approved)");
  await expect(dialog.getByTestId("confirm-balance")).toHaveCount(0);
  await confirmInDialog(page, "Request approval for $1,000,000.00");
  await expect(money.getByTestId("credit-pending")).toContainText(
    "A credit of $1,000,000.00 waits for another admin (your credits to this account in 24 hours would come to 1000000.00, above 1000.00)",
  );
  await page.reload();
  await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");

  // The requester sees it waiting but cannot approve it.
  await page.goto("/admin/approvals");
  const mine = page.getByTestId("pending-credits").getByRole("row", { name: new RegExp(player.email!.replace(/[.]/g, "\\.")) });
  await expect(mine).toContainText("Yours: another admin decides");
  await expect(mine.getByRole("button", { name: /Approve/ })).toHaveCount(0);

  // Another admin approves it once; the balance moves then.
  const approver = await signedInAdmin(browser, await newAdmin("approver"), "/admin/approvals");
  const row = approver.getByTestId("pending-credits").getByRole("row", { name: new RegExp(player.email!.replace(/[.]/g, "\\.")) });
  await row.getByRole("button", { name: /^Approve/ }).click();
  await expect(approver.getByRole("dialog")).toContainText("The credit is applied to the account's balance at once.");
  await confirmInDialog(approver, "Approve");
  await expect(row).toHaveCount(0);
  await approver.goto(`/admin/accounts/${player.userId}`);
  await expect(approver.getByTestId("admin-balance")).toHaveText("$1,000,003.00");
  await approver.goto(`/admin/log?target=${player.userId}`);
  const log = approver.getByTestId("admin-log-entry");
  await expect(log.nth(0)).toContainText("wallet.adjusted");
  await expect(log.nth(1)).toContainText("credit.approved");
  await expect(log.nth(2)).toContainText("credit.requested");
  await expect(log.nth(2)).toContainText(requester);
});

/** The automatic-approval form, once React has hydrated it (its fields are disabled until then). */
async function autoApproveForm(page: Page) {
  const form = page.locator("form", { has: page.getByLabel(/Approve automatically below/) });
  await expect(form).toHaveAttribute("data-ready", "true");
  return form;
}

test("raising the automatic withdrawal approval waits for a second admin; lowering is at once", async ({ page, browser, baseURL }) => {
  const requester = await newAdmin("raiser");
  await signIn(page, requester, PASSWORD, "/admin/withdrawals");
  try {
    let form = await autoApproveForm(page);
    const amount = form.getByLabel(/Approve automatically below/);
    await expect(amount).toHaveValue("0.00");
    await amount.fill("50.00");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("status")).toContainText("A raise to $50.00 waits for another admin");
    await page.reload();
    await expect(amount).toHaveValue("0.00");

    // The requester sees it waiting but cannot approve it.
    await page.goto("/admin/approvals");
    const mine = page
      .getByTestId("pending-setting-changes")
      .getByRole("row", { name: /\$50\.00/ })
      .filter({ hasText: requester });
    await expect(mine).toContainText("Yours: another admin decides");
    await expect(mine.getByRole("button", { name: /Approve/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "approvals with a setting change");

    const approver = await signedInAdmin(browser, await newAdmin("approver"), "/admin/approvals");
    const row = approver
      .getByTestId("pending-setting-changes")
      .getByRole("row", { name: /\$50\.00/ })
      .filter({ hasText: requester });
    await row.getByRole("button", { name: /^Approve/ }).click();
    await confirmInDialog(approver, "Approve");
    await expect(row).toHaveCount(0);
    await page.goto("/admin/withdrawals");
    form = await autoApproveForm(page);
    await expect(amount).toHaveValue("50.00");

    // Lowering (here, off again) takes effect at once, and says so.
    await amount.fill("0");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved: automatic approval is now off.");
    await expect(form.getByTestId("setting-pending")).toHaveCount(0);
    await expectNoAxeViolations(page, "withdrawals with a saved setting");
    await page.reload();
    await expect(amount).toHaveValue("0.00");
  } finally {
    // Whatever failed above, leave the setting off as the other specs expect it (a lowering
    // applies at once, and supersedes a raise still waiting). Soft: a failure above stays the one reported.
    const lowered = await page.request.post("/api/trpc/admin.withdrawals.setSettings", {
      headers: { origin: baseURL! },
      data: { autoApproveBelow: "0", requestKey: randomUUID() },
    });
    expect.soft(lowered.status(), "the setting is lowered back to 0").toBe(200);
  }
});

test("making an account an admin waits for another admin on Approvals", async ({ page, browser }) => {
  const requester = await newAdmin("granter");
  const alt = await admin("user:create", { email: uniqueEmail("alt") });
  await signIn(page, requester, PASSWORD, `/admin/accounts/${alt.userId}`);
  await page.getByRole("button", { name: "Make admin…" }).click();
  await page.getByLabel(/to confirm/).fill(alt.email!);
  await page.getByTestId("typed-confirmation").getByRole("button", { name: "Make admin" }).click();
  await expect(page.getByRole("region", { name: "Standing and access" }).getByRole("status")).toContainText(
    "Sent to Approvals: another admin makes it an admin.",
  );
  await page.reload();
  await expect(page.getByRole("button", { name: "Make admin…" })).toBeVisible();

  await page.goto("/admin/approvals");
  const mine = page.getByTestId("pending-role-grants").getByRole("row", { name: new RegExp(alt.email!.replace(/[.]/g, "\\.")) });
  await expect(mine).toContainText("Yours: another admin decides");
  await expect(mine.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(page, "approvals with a role grant");

  const approver = await signedInAdmin(browser, await newAdmin("approver"), "/admin/approvals");
  const row = approver.getByTestId("pending-role-grants").getByRole("row", { name: new RegExp(alt.email!.replace(/[.]/g, "\\.")) });
  await row.getByRole("button", { name: /^Approve/ }).click();
  await confirmInDialog(approver, "Approve");
  await expect(row).toHaveCount(0);
  await approver.goto(`/admin/accounts/${alt.userId}`);
  await expect(approver.getByRole("button", { name: "Remove admin role…" })).toBeVisible();
});

test("every console page fits 360 to 1440 px in its own frame, no overlaps, axe clean", async ({ page }) => {
  test.setTimeout(270_000); // 11 pages at 3 widths, axe on two of them
  const adminEmail = await newAdmin();
  const player = await admin("user:create", { email: uniqueEmail("looked-at"), balance: "12.00" });
  // Two openings, so the reports have an hour, a pack row and maybe a winner to lay out.
  for (let i = 0; i < 2; i++) {
    const opened = await page.request.post("/v1/packs/budget-tech-drop/open", { headers: { authorization: `Bearer ${player.apiKey}` } });
    expect(opened.status()).toBe(200);
  }
  await signIn(page, adminEmail, PASSWORD, "/admin/packs");
  await expect(page).toHaveURL(/\/admin\/packs$/);
  const pages = [
    "/admin/packs",
    "/admin/packs/new",
    "/admin/packs/mini-gadget-grab",
    "/admin/accounts",
    `/admin/accounts/${player.userId}`,
    "/admin/approvals",
    "/admin/safer-play",
    "/admin/reports",
    "/admin/reports?hours=7d",
    "/admin/reports/upgrader",
    "/admin/log",
  ];
  for (const size of LAYOUT_WIDTHS) {
    await page.setViewportSize(size);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
      await expect(page.getByTestId("header-balance")).toHaveCount(0);
      await expectLayoutSound(page, `${path} at ${size.width} px`, { tablesMayScroll: true });
      if (size.width === 390 || size.width === 1440) await expectNoAxeViolations(page, `${path} at ${size.width} px`);
    }
  }
  // The ban's confirmation open, at a phone's width.
  await page.setViewportSize(LAYOUT_WIDTHS[0]);
  await page.goto(`/admin/accounts/${player.userId}`);
  await page.getByRole("button", { name: "Ban…" }).click();
  await expect(page.getByTestId("typed-confirmation")).toBeVisible();
  await expectLayoutSound(page, "ban confirmation", { tablesMayScroll: true });
  await expectNoAxeViolations(page, "ban confirmation at 360 px");
});
