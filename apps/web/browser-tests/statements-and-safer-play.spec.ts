import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  DEMO_PACK,
  LAYOUT_WIDTHS,
  PASSWORD,
  admin,
  alertOf,
  displayCents,
  expectLayoutSound,
  expectNoAxeViolations,
  signIn,
  signedInPlayer,
  snap,
  uniqueEmail,
} from "./support";

// Statements (/wallet/statements, GET /v1/me/statements, the ledger CSV) and the console's
// player protection: an account's limits, pending raise and exclusion, read-only; the Safer
// play list; an exclusion on the player's request.

interface Statement {
  month: string;
  openingBalance: string;
  closingBalance: string;
  openings: number;
  wagered: string;
  won: string;
  net: string;
  deposits: string;
  withdrawals: string;
  sales: string;
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);

test("a player reads this month's statement and downloads the ledger as CSV", async ({ page }) => {
  const { apiKey } = await signedInPlayer(page, "50.00", "statement");
  const auth = { Authorization: `Bearer ${apiKey}` };
  const opened = await page.request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: auth });
  expect(opened.status()).toBe(200);
  const { inventoryItem } = (await opened.json()) as { inventoryItem: { value: string } };

  const month = new Date().toISOString().slice(0, 7);
  const rest = await page.request.get(`/v1/me/statements?month=${month}`, { headers: auth });
  expect(rest.status()).toBe(200);
  const statement = (await rest.json()) as Statement;
  expect(statement).toMatchObject({
    month,
    openingBalance: "0.00",
    openings: 1,
    wagered: DEMO_PACK.price,
    won: inventoryItem.value,
    // The player's 50.00 is an operator's credit (user:create --balance): an adjustment, not a deposit.
    deposits: "0.00",
    adjustments: "50.00",
    withdrawals: "0.00",
    sales: "0.00",
  });
  expect(toCents(statement.net)).toBe(toCents(inventoryItem.value) - toCents(DEMO_PACK.price));
  expect(toCents(statement.closingBalance)).toBe(5000 - toCents(DEMO_PACK.price));
  const bad = await page.request.get("/v1/me/statements?month=2026-13", { headers: auth });
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toContain("month must be a month as YYYY-MM");

  await page.goto("/wallet");
  await page.getByRole("link", { name: "Statements and CSV export" }).click();
  await expect(page).toHaveURL(/\/wallet\/statements$/);
  const figures = page.getByTestId("statement-figures");
  await expect(figures.locator("div", { hasText: "Wagered" })).toContainText(displayCents(toCents(DEMO_PACK.price)));
  await expect(figures.locator("div", { hasText: "Adjustments" })).toContainText("$50.00");
  await expect(figures.locator("div", { hasText: "Withdrawals" })).toContainText("$0.00");
  await expect(figures.locator("div", { hasText: "Closing balance" })).toContainText(displayCents(toCents(statement.closingBalance)));
  await snap(page, "statements");
  for (const size of LAYOUT_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, `statements at ${size.width} px`);
    await expectNoAxeViolations(page, `statements at ${size.width} px`);
  }

  // An earlier month through the picker: nothing happened then.
  await page.getByRole("link", { name: "Previous month" }).click();
  await expect(figures.locator("div", { hasText: "Wagered" })).toContainText("$0.00");
  await expect(figures.locator("div", { hasText: "Closing balance" })).toContainText("$0.00");
  await page.getByLabel("Month", { exact: true }).fill(month);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${month}$`));
  await expect(figures.locator("div", { hasText: "Adjustments" })).toContainText("$50.00");

  // The CSV of this month: a header, the operator's credit and the opening, oldest first.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("To", { exact: true }).fill(today);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`prizepacks-ledger-${month}-01-to-${today}.csv`);
  const lines = readFileSync(await download.path(), "utf8").split("\r\n");
  expect(lines[0]).toBe("date,kind,amount,balance_after,description,note,entry_id,spin_id,inventory_item_id");
  expect(lines.slice(1, -1).map((line) => line.split(",").slice(1, 4))).toEqual([
    ["ADJUSTMENT", "50.00", "50.00"],
    ["PACK_OPEN", `-${DEMO_PACK.price}`, statement.closingBalance],
  ]);
  expect(lines.at(-1)).toBe("");

  // A range that runs backwards: the form says so; the route answers 400 JSON with the message.
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByLabel("To", { exact: true }).fill(`${month}-01` < today ? `${month}-01` : "2000-01-01");
  await page.getByRole("button", { name: "Download CSV" }).click();
  await expect(alertOf(page)).toContainText("The end date must not be before the start date.");
  const refused = await page.request.get("/api/account/ledger.csv?from=2026-11-30&to=2026-11-01");
  expect(refused.status()).toBe(400);
  expect(refused.headers()["content-type"]).toContain("application/json");
  expect(((await refused.json()) as { message: string }).message).toContain("to must not be before from");
  const csv = await page.request.get("/api/account/ledger.csv?from=2000-01-01&to=2000-01-31");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="prizepacks-ledger-2000-01-01-to-2000-01-31.csv"');
  // Signed out, there is nothing to download.
  await page.context().clearCookies();
  expect((await page.request.get("/api/account/ledger.csv?from=2000-01-01&to=2000-01-31")).status()).toBe(401);
});

test("the console shows a player's limits and pending raise read-only, lists them under Safer play, and excludes on request", async ({
  page,
  request,
}) => {
  const player = uniqueEmail("protected");
  const created = await admin("user:create", { email: player, balance: "20.00" });
  const auth = { Authorization: `Bearer ${created.apiKey}` };
  const setLimit = (amount: string) => request.post("/v1/me/limits", { headers: auth, data: { kind: "wager", period: "day", amount } });
  expect((await setLimit("5.00")).status()).toBe(200);
  expect(((await (await setLimit("50.00")).json()) as { pending: unknown }).pending).not.toBeNull();
  expect((await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: auth })).status()).toBe(200);
  const refused = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: auth });
  expect(((await refused.json()) as { code: string }).code).toBe("LIMIT_REACHED");

  const adminEmail = uniqueEmail("operator");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await signIn(page, adminEmail, PASSWORD, "/admin/safer-play");
  await expect(page).toHaveURL(/\/admin\/safer-play$/);
  const row = page.getByTestId("safer-play").getByRole("row").filter({ hasText: player });
  await expect(row.getByRole("cell").nth(1)).toHaveText("1"); // limit hits
  await expect(row.getByRole("cell").nth(2)).toHaveText("1"); // raise or removal requests
  await expect(row.getByRole("cell").nth(4)).toHaveText("no");
  for (const size of LAYOUT_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, `safer play at ${size.width} px`, { tablesMayScroll: true });
    await expectNoAxeViolations(page, `safer play at ${size.width} px`);
  }

  await row.getByRole("link", { name: player }).click();
  const panel = page.getByTestId("admin-protection");
  await expect(panel.getByTestId("admin-limits")).toContainText("wager a day");
  await expect(panel.getByTestId("admin-limits")).toContainText("5.00");
  await expect(panel.getByTestId("admin-limits")).toContainText("raise to 50.00");
  await expect(panel.getByTestId("admin-exclusion")).toContainText("No time-out or self-exclusion in force.");
  await expect(panel.getByTestId("admin-protection-events")).toContainText("Hit the wager limit a day of 5.00");
  // Read-only: nothing to raise a limit or lift an exclusion with.
  await expect(panel.getByRole("button", { name: /raise|lift|remove|confirm/i })).toHaveCount(0);

  await panel.getByRole("button", { name: "Exclude on the player's request…" }).click();
  const form = page.getByTestId("exclude-on-request");
  await form.getByLabel("Period").selectOption("7d");
  const submit = form.getByRole("button", { name: "Exclude (7d)" });
  await expect(submit).toBeDisabled();
  await form.getByLabel(/to confirm/).fill(player);
  for (const size of [LAYOUT_WIDTHS[0], LAYOUT_WIDTHS[2]]) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, `account protection at ${size.width} px`, { tablesMayScroll: true });
    await expectNoAxeViolations(page, `account protection at ${size.width} px`);
  }
  await submit.click();
  await expect(page.getByRole("status").filter({ hasText: "Excluded (7d)" })).toBeVisible();
  await snap(page, "console-account-protection");
  await expect(panel.getByTestId("admin-exclusion")).toContainText("Time-out (7d)");
  await expect(panel.getByTestId("admin-exclusion")).toContainText("It cannot be lifted early.");

  // It binds the player's key at once, and the admin log has it.
  const excluded = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: auth });
  expect(excluded.status()).toBe(403);
  expect(((await excluded.json()) as { code: string }).code).toBe("EXCLUDED");
  await page.goto(`/admin/log?action=account.excluded&target=${created.userId}`);
  await expect(page.getByTestId("admin-log-entry").filter({ hasText: adminEmail })).toHaveCount(1);
});
