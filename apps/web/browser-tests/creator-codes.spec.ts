import { randomUUID } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  ADULT_DATE_OF_BIRTH,
  DEMO_PACK,
  PASSWORD,
  admin,
  answerLicencePrompts,
  expectControlsReachable,
  expectLayoutSound,
  expectNoAxeViolations,
  followMailLink,
  signIn,
  signedInPlayer,
  snapView,
  uniqueEmail,
} from "./support";

// Issue #39's creator codes on the web: a creator makes a code on /rewards, a new account enters
// it there (or at sign-up, from the creator's ?ref= link), the creator sees the referral and
// claims the commission, and the console's creator report renames the code; at 390 and 1440 px,
// laid out soundly and axe clean.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function checkPage(page: Page, state: string, options: { tablesMayScroll?: boolean } = {}) {
  await expectLayoutSound(page, state, options);
  await expectControlsReachable(page, state);
  await expectNoAxeViolations(page, state);
}

const uniqueCode = () => `B${randomUUID().slice(0, 7)}`;

async function signedInOn(browser: Browser, email: string, next: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD, next);
  await expect(page).toHaveURL((url) => url.pathname === next);
  return page;
}

for (const viewport of VIEWPORTS) {
  test(`a creator code: create, entered by a new account, commission claimed, renamed in the console, at ${viewport.width} px`, async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signedInPlayer(page, "0.00", `creator-${viewport.width}`);
    await page.goto("/rewards");
    const code = uniqueCode();
    await page.getByRole("textbox", { name: "Your code", exact: true }).fill(code);
    await page.getByRole("button", { name: "Create code" }).click();
    await expect(page.getByTestId("creator-code")).toHaveText(code);
    await checkPage(page, `the creator dashboard at ${viewport.width} px`);

    // A new account (made now, so within the 24 h) enters the code on its rewards page.
    const playerEmail = uniqueEmail(`referred-${viewport.width}`);
    const player = await admin("user:create", { email: playerEmail, password: PASSWORD, balance: "100.00" });
    const referred = await signedInOn(browser, playerEmail, "/rewards");
    await referred.setViewportSize(viewport);
    await referred.getByRole("textbox", { name: "Creator code" }).fill(code.toLowerCase());
    await checkPage(referred, `the referral field at ${viewport.width} px`);
    await referred.getByRole("button", { name: "Enter code" }).click();
    await expect(referred.getByTestId("referral-entered")).toContainText(code);
    await checkPage(referred, `the referral entered at ${viewport.width} px`);
    await referred.context().close();

    // Ten openings of the demo pack: its expected house take earns the creator 10 % of it.
    for (let opened = 0; opened < 10; opened++) {
      const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${player.apiKey}` } });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId("creator-referrals")).toHaveText("1");
    await expect(page.getByTestId("commission-available")).not.toHaveText("$0.00");
    await snapView(page, `creator-dashboard-${viewport.width}`);
    await page.getByRole("button", { name: "Claim commission" }).click();
    await expect(page.getByTestId("commission-claimed")).toContainText(/^Claimed \$\d+\.\d\d\. New balance/);
    await expect(page.getByTestId("commission-available")).toHaveText("$0.00");
    await checkPage(page, `the commission claimed at ${viewport.width} px`);

    // The console's creator report: the code, its referral, and a rename (logged).
    const adminEmail = uniqueEmail(`creators-admin-${viewport.width}`);
    await admin("user:create", { email: adminEmail, password: PASSWORD });
    await admin("user:set", { email: adminEmail, role: "admin" });
    const operator = await signedInOn(browser, adminEmail, "/admin/reports/creators");
    await operator.setViewportSize(viewport);
    const row = operator.getByTestId("creator-report").getByRole("row").filter({ hasText: code });
    await expect(row).toBeVisible();
    await checkPage(operator, `the creator report at ${viewport.width} px`, { tablesMayScroll: true });
    const renamed = uniqueCode();
    await row.getByLabel(`New code for ${code}`).fill(renamed);
    await row.getByRole("button", { name: "Rename" }).click();
    await expect(operator.getByTestId("creator-report").getByRole("row").filter({ hasText: renamed })).toBeVisible();
    await operator.context().close();
  });
}

test("the creator's ?ref= link fills the sign-up's code, and the new account has it entered", async ({ page }) => {
  const creator = await signedInPlayer(page, "0.00", "ref-creator");
  const code = uniqueCode();
  const created = await page.request.post("/v1/affiliate/code", {
    headers: { authorization: `Bearer ${creator.apiKey}` },
    data: { code },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();

  const email = uniqueEmail("ref-player");
  await page.goto(`/sign-up?ref=${code}`);
  await expect(page.getByLabel("Creator code (optional)")).toHaveValue(code);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await checkPage(page, `sign-up with a creator code at ${width} px`);
  }
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Date of birth").fill(ADULT_DATE_OF_BIRTH);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`We sent a verification link to ${email}`);
  await followMailLink(page, email, /Verify your prizepacks e-mail/);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await answerLicencePrompts(page);
  await page.goto("/rewards");
  await expect(page.getByTestId("referral-entered")).toContainText(code);
});
