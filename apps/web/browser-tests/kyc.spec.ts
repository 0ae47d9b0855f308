import { expect, test, type Page } from "@playwright/test";
import {
  PASSWORD,
  admin,
  confirmInDialog,
  expectControlsReachable,
  expectLayoutSound,
  expectNoAxeViolations,
  signIn,
  signedInPlayer,
  snapView,
  uniqueEmail,
} from "./support";

// Identity checks (#37) in the browser: the wallet's "Identity check" section, where the player
// starts the check (in this demo-mode server, the demo check, complete with one click); the
// withdraw form saying what it waits for before asking for anything; and the console's KYC queue
// and an account's identity-check panel, where an operator asks for a check and withdraws the
// ask. Each at 390 and 1440 px, sound and clean under axe.

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

async function soundAtEveryWidth(page: Page, state: string, { tablesMayScroll = false } = {}) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, state, { tablesMayScroll });
    await expectControlsReachable(page, state);
    await snapView(page, `${state.replaceAll(/[^a-z0-9]+/gi, "-").toLowerCase()}-${size.width}`);
    await expectNoAxeViolations(page, `${state} at ${size.width} px`);
  }
}

test("the wallet's identity check: the withdraw form's requirement first, then the demo check in one click", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signedInPlayer(page, "50.00", "kyc-wallet");
  await page.goto("/wallet");
  const section = page.getByRole("region", { name: "Identity check" });
  const withdraw = page.getByRole("region", { name: "Withdraw", exact: true });

  await test.step("before the check: the status, the requirement, and the withdraw form with no field to fill", async () => {
    await expect(section.getByTestId("verification-status")).toHaveText("Not started");
    await expect(section.getByTestId("verification-requirements")).toContainText("Withdrawals need a verified identity.");
    await expect(withdraw.getByTestId("withdraw-needs-verification")).toContainText("Withdrawals need a verified identity.");
    await expect(withdraw.getByLabel("Two-factor code")).toHaveCount(0);
    await soundAtEveryWidth(page, "wallet identity check not started");
    await withdraw.getByRole("link", { name: "Go to the identity check" }).click();
    await expect(page).toHaveURL(/\/wallet#verification$/);
    await expect(section).toBeInViewport();
  });

  await test.step("the demo check: one click, verified and marked as demo, and withdrawals open", async () => {
    await section.getByRole("button", { name: "Verify your identity" }).click();
    await expect(section.getByTestId("verification-status")).toHaveText("Verified (demo check: no identity was verified)");
    await expect(section.getByRole("status")).toContainText("in demo mode nobody's identity is checked");
    await expect(section.getByRole("button")).toHaveCount(0);
    await expect(withdraw.getByTestId("withdraw-needs-verification")).toHaveCount(0);
    await expect(withdraw.getByRole("link", { name: /Payout destinations/ })).toBeVisible();
    await soundAtEveryWidth(page, "wallet identity check demo verified");
    // Still so after a reload: the server says so too.
    await page.reload();
    await expect(section.getByTestId("verification-status")).toHaveText("Verified (demo check: no identity was verified)");
  });

  await test.step("the regulator's CSV is the console's: 403 to a player, 401 signed out, each as JSON", async () => {
    const asPlayer = await page.request.get("/api/admin/reports/due-diligence.csv?month=2026-11");
    expect(asPlayer.status()).toBe(403);
    expect(await asPlayer.json()).toMatchObject({ code: "FORBIDDEN", message: "This console is for operators only." });
    const anonymous = await playwright.request.newContext({ baseURL });
    const signedOut = await anonymous.get("/api/admin/reports/due-diligence.csv?month=2026-11");
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.json()).toMatchObject({ code: "UNAUTHORIZED" });
    await anonymous.dispose();
  });
});

test("the console: the KYC queue, and an account's identity-check panel asking for a check and withdrawing the ask", async ({ page }) => {
  const adminEmail = uniqueEmail("kyc-admin");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  const playerEmail = uniqueEmail("kyc-player");
  const player = await admin("user:create", { email: playerEmail, balance: "10.00" });
  const reason = `source of funds ${playerEmail.slice(0, 14)}`;

  await test.step("the account page: ask for an identity check with play held, confirmed in the dialog", async () => {
    await signIn(page, adminEmail, PASSWORD, `/admin/accounts/${player.userId}`);
    const panel = page.getByRole("region", { name: "Identity check" });
    await expect(panel.getByTestId("admin-verification-status")).toHaveText("Not started");
    await expect(panel.getByTestId("admin-verification-request")).toHaveText("none");
    const form = panel.getByTestId("verification-request");
    await form.getByLabel(/^Reason/).fill(reason);
    await form.getByLabel("Hold play until the check is verified").check();
    await form.getByRole("button", { name: "Ask for an identity check…" }).click();
    await expect(page.getByRole("dialog")).toContainText(playerEmail);
    await confirmInDialog(page, "Ask for the check");
    await expect(panel.getByTestId("admin-verification-request")).toContainText(`${reason} (play held)`);
    await expect(panel.getByTestId("admin-verification-history")).toContainText(`Check asked for by ${adminEmail}: ${reason}`);
    await expect(panel).toContainText("Our team asked for an identity check on this account");
    await soundAtEveryWidth(page, "console account identity check requested", { tablesMayScroll: true });
  });

  await test.step("the queue: the account waits, required and not started, with its age", async () => {
    await page.goto("/admin/identity-checks?state=required");
    await expect(page.getByRole("heading", { level: 1, name: "Identity checks" })).toBeVisible();
    const row = page.getByTestId("admin-kyc-row").filter({ hasText: playerEmail });
    await expect(row).toContainText("required, not started");
    await expect(row).toContainText("operator's request (play held)");
    await expect(row).toContainText("0 h");
    await expect(page.getByLabel(/Check identity past/)).toHaveValue("2000.00");
    await soundAtEveryWidth(page, "console kyc queue", { tablesMayScroll: true });
    await page
      .getByRole("navigation", { name: "Identity check states" })
      .getByRole("link", { name: /^pending/ })
      .click();
    await expect(page).toHaveURL(/state=pending/);
    await expect(page.getByTestId("admin-kyc-row").filter({ hasText: playerEmail })).toHaveCount(0);
  });

  await test.step("the monthly CSV downloads from the page", async () => {
    await page.goto("/admin/identity-checks");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^prizepacks-due-diligence-\d{4}-\d{2}\.csv$/);
    const bad = await page.request.get("/api/admin/reports/due-diligence.csv?month=2026-13");
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("YYYY-MM");
  });

  await test.step("withdraw the request: the account leaves the queue", async () => {
    await page.goto(`/admin/accounts/${player.userId}`);
    const panel = page.getByRole("region", { name: "Identity check" });
    await panel.getByRole("button", { name: "Withdraw request…" }).click();
    await confirmInDialog(page, "Withdraw request");
    await expect(panel.getByTestId("admin-verification-request")).toHaveText("none");
    await expect(panel.getByTestId("admin-verification-history")).toContainText(`Request withdrawn by ${adminEmail}`);
    await page.goto("/admin/identity-checks?state=required");
    await expect(page.getByTestId("admin-kyc-row").filter({ hasText: playerEmail })).toHaveCount(0);
  });
});
