import { expect, test, type Page, type Request } from "@playwright/test";
import {
  DEMO_PACK,
  PASSWORD,
  admin,
  cents,
  displayCents,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  followMailLink,
  signIn,
  signUpVerified,
  snapView,
  uniqueEmail,
  confirmInDialog,
  completeDemoCheck,
} from "./support";
import { nextTotpFor, totpFor, wrongCodeFor } from "./totp";

// Issue 20's journey, all through the pages: a player signs up, adds funds (demo deposit), opens
// a pack, turns two-factor on in Settings → Security, adds a payout destination with a code,
// confirms it from the mailed link, withdraws with the app's next code (a wrong one first; each
// code approves money out once), an admin approves it in the console, the demo provider pays it,
// the player sees it paid, and the books balance (the admin audit). The destination is usable at once because this suite's server runs in demo
// mode with PAYOUT_DESTINATION_DELAY_HOURS=0 (playwright.config.ts); elsewhere it waits 24 hours.

const DEPOSIT = "50.00";
const WITHDRAWAL = "20.00";
const ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

const withdrawForm = (page: Page) => page.getByRole("region", { name: "Withdraw", exact: true });
const withdrawalsList = (page: Page) => page.getByRole("region", { name: "Withdrawals", exact: true });

test("a player deposits, plays, turns two-factor on, withdraws with a code, an admin approves, and the books balance", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("withdrawal-journey");
  let balance = 0;

  await test.step("sign up, verify and add funds", async () => {
    await signUpVerified(page, email);
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
    await page.getByLabel("Amount").fill(DEPOSIT);
    await page.getByRole("button", { name: "Add funds" }).click();
    balance += cents(DEPOSIT);
    await expect(page.getByRole("status").filter({ hasText: "Added" })).toContainText(`New balance ${displayCents(balance)}.`);
    await expectHeaderBalance(page, balance);
    // Before the identity check, the withdraw form says what it waits for, with no field to fill.
    await expect(withdrawForm(page).getByTestId("withdraw-needs-verification")).toContainText("Withdrawals need a verified identity.");
    await expect(withdrawForm(page).getByRole("textbox")).toHaveCount(0);
  });

  await test.step("complete the demo identity check in the wallet (one click)", async () => {
    await completeDemoCheck(page);
    // No destination yet: the form says where to add one and, in this demo server, that it is usable at once.
    await expect(withdrawForm(page)).toContainText("It can be used as soon as you confirm it");
  });

  await test.step("open a pack", async () => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`/packs/${DEMO_PACK.slug}`);
    const openButton = page.getByRole("button", { name: `Open 1 pack for ${displayCents(cents(DEMO_PACK.price))}` });
    await expect(openButton).toBeEnabled();
    await openButton.click();
    await expect(page.getByTestId("open-result")).toBeVisible();
    balance -= cents(DEMO_PACK.price);
    await expectHeaderBalance(page, balance);
  });

  let shownKey = "";
  let usedStep = -1;
  await test.step("turn two-factor on in Settings → Security", async () => {
    await page.goto("/settings/security");
    const twoFactor = page.getByTestId("two-factor");
    await twoFactor.getByLabel("Password").fill(PASSWORD);
    await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    shownKey = (await twoFactor.getByTestId("two-factor-secret").textContent())!;
    await twoFactor.getByLabel("Then enter the 6-digit code the app shows").fill(await totpFor(shownKey));
    await twoFactor.getByRole("button", { name: "Confirm and turn on" }).click();
    await expect(twoFactor.getByRole("status").first()).toContainText("Two-factor authentication is on.");
    await twoFactor.getByRole("button", { name: "I saved them" }).click();
    await expect(twoFactor.getByTestId("two-factor-status")).toContainText("On.");
  });

  await test.step("add a payout destination with a code and confirm it from the mailed link", async () => {
    await page.goto("/settings/payouts");
    await expect(page.getByRole("main")).toContainText("it can be used as soon as you confirm it");
    const add = page.getByRole("region", { name: "Add a destination" });
    await add.getByLabel("Address").fill(ADDRESS);
    await add.getByLabel("Label").fill("cold wallet");
    const fresh = await nextTotpFor(shownKey, usedStep);
    usedStep = fresh.step;
    await add.getByLabel("Two-factor code").fill(fresh.code);
    await add.getByRole("button", { name: "Add destination" }).click();
    await expect(add.getByRole("status")).toContainText("We mailed you a link");
    const yours = page.getByRole("region", { name: "Your destinations" });
    await expect(yours).toContainText("cold wallet");

    await followMailLink(page, email, /Confirm your new payout destination/);
    await expect(page).toHaveURL(/\/settings\/payouts\/confirm\?token=/);
    await page.getByRole("button", { name: "Confirm destination" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(`Confirmed: cold wallet (${ADDRESS}) can be used from`);
  });

  await test.step("the withdraw form with a destination: sound at 390 px and under axe", async () => {
    await page.goto("/wallet");
    await expect(withdrawForm(page).getByLabel("To", { exact: true })).toContainText("cold wallet");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectLayoutSound(page, "wallet, withdraw form with a destination");
    await snapView(page, "withdraw-form-with-destination-390");
    await expectNoAxeViolations(page, "wallet, withdraw form with a destination at 390 px");
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step("a wrong code is refused with a clear message; nothing is reserved", async () => {
    await withdrawForm(page).getByLabel("Amount").fill(WITHDRAWAL);
    await withdrawForm(page)
      .getByLabel("Two-factor code")
      .fill(await wrongCodeFor(shownKey));
    await withdrawForm(page).getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(withdrawForm(page).getByRole("alert")).toContainText("the two-factor code is wrong or expired");
    await expectHeaderBalance(page, balance);
    await expect(page.getByTestId("pending-withdrawals")).toHaveCount(0);
    await expect(withdrawalsList(page)).toContainText("No withdrawals yet.");
  });

  await test.step("withdraw with the app's next code, the form submitted twice at once: one withdrawal, reserved, waiting for approval", async () => {
    const fresh = await nextTotpFor(shownKey, usedStep);
    usedStep = fresh.step;
    await withdrawForm(page).getByLabel("Two-factor code").fill(fresh.code);
    // Two submissions before the button can be disabled (Enter pressed twice): the form sends one
    // call (a batch names each of its calls in the path), so no refusal of the code it used.
    const calls: string[] = [];
    const countCalls = (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/trpc/")) calls.push(...decodeURIComponent(path.slice("/api/trpc/".length)).split(","));
    };
    page.on("request", countCalls);
    await withdrawForm(page)
      .locator("form")
      .evaluate((form: HTMLFormElement) => {
        form.requestSubmit();
        form.requestSubmit();
      });
    await expect(withdrawForm(page).getByRole("status")).toContainText(`Withdrawal of ${displayCents(cents(WITHDRAWAL))} requested`);
    await expect(withdrawForm(page).getByRole("alert")).toHaveCount(0);
    page.off("request", countCalls);
    expect(calls.filter((call) => call === "withdrawals.create")).toHaveLength(1);
    balance -= cents(WITHDRAWAL);
    await expectHeaderBalance(page, balance);
    await expect(page.getByTestId("wallet-balance")).toHaveText(displayCents(balance));
    await expect(page.getByTestId("pending-withdrawals")).toHaveText(`${displayCents(cents(WITHDRAWAL))} reserved for pending withdrawals`);
    await expect(withdrawalsList(page).getByRole("listitem")).toHaveCount(1);
    await expect(withdrawalsList(page).getByRole("listitem")).toContainText(`${displayCents(cents(WITHDRAWAL))} · Waiting for approval`);
  });

  await test.step("an admin approves it in the console; the demo provider pays it", async () => {
    const adminEmail = uniqueEmail("withdrawal-approver");
    await admin("user:create", { email: adminEmail, password: PASSWORD });
    await admin("user:set", { email: adminEmail, role: "admin" });
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const consolePage = await context.newPage();
      await signIn(consolePage, adminEmail, PASSWORD, "/admin/withdrawals");
      await expect(consolePage.getByRole("heading", { level: 1, name: "Withdrawals" })).toBeVisible();
      const row = consolePage.getByTestId("admin-withdrawals").getByRole("row").filter({ hasText: email });
      await expect(row).toContainText(`$${WITHDRAWAL}`);
      await expect(row).toContainText(ADDRESS);
      await row.getByRole("button", { name: `Approve $${WITHDRAWAL} to ${email}` }).click();
      await confirmInDialog(consolePage, "Approve");
      await expect(consolePage.getByTestId("admin-withdrawals").getByRole("row").filter({ hasText: email })).toHaveCount(0);
      await consolePage.goto("/admin/withdrawals?state=completed");
      await expect(consolePage.getByTestId("admin-withdrawals").getByRole("row").filter({ hasText: email })).toContainText(adminEmail);
    } finally {
      await context.close();
    }
  });

  await test.step("the player sees it paid; the balance is unchanged by the payment and nothing is reserved", async () => {
    await page.goto("/wallet");
    await expect(withdrawalsList(page).getByRole("listitem")).toContainText(`${displayCents(cents(WITHDRAWAL))} · Paid`);
    await expect(page.getByTestId("pending-withdrawals")).toHaveCount(0);
    await expect(page.getByTestId("wallet-balance")).toHaveText(displayCents(balance));
    await expectHeaderBalance(page, balance);
    expect(balance).toBe(cents(DEPOSIT) - cents(DEMO_PACK.price) - cents(WITHDRAWAL));
  });

  await test.step("the books balance: the admin audit finds no breach", async () => {
    const audit = (await admin("audit")) as unknown as { ok: boolean; breaches: unknown[] };
    expect(audit.breaches).toEqual([]);
    expect(audit.ok).toBe(true);
  });
});
