import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, admin, confirmInDialog, expectLayoutSound, expectNoAxeViolations, signIn, uniqueEmail } from "./support";

// #37, markers of harm: a player's deposits reach the net-deposit trigger, the background job
// opens a case within seconds, and an operator works it in the console at phone and desktop
// widths: the queue, the facts, an owner, a note, a limit lowered (a raise refused), a mail, the close.

async function newAdmin() {
  const email = uniqueEmail("caseworker");
  await admin("user:create", { email, password: PASSWORD });
  await admin("user:set", { email, role: "admin" });
  return email;
}

/** A player whose demo deposits (REST, settled at once) add up to 150.00 over 30 days. */
async function playerOverTheTrigger(page: Page) {
  const email = uniqueEmail("depositor");
  const created = await admin("user:create", { email, password: PASSWORD });
  for (const amount of ["100.00", "50.00"]) {
    const response = await page.request.post("/v1/deposits", { headers: { Authorization: `Bearer ${created.apiKey}` }, data: { amount } });
    expect(response.status(), await response.text()).toBe(201);
  }
  return email;
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`at ${size.width} px the cases queue and a case page: facts, owner, note, a limit only lowered, a mail, the close`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const player = await playerOverTheTrigger(page);
    const operator = await newAdmin();
    await signIn(page, operator, PASSWORD, "/admin/cases?marker=net_deposits");
    await expect(page).toHaveURL((url) => url.pathname === "/admin/cases");

    // The job runs every few seconds: the case shows up in the queue.
    const row = page.getByRole("row", { name: new RegExp(player) });
    await expect(async () => {
      await page.goto("/admin/cases?marker=net_deposits");
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText("Net deposits (financial vulnerability)");
    await expect(row).toContainText("nobody");
    await expectLayoutSound(page, `cases queue at ${size.width} px`, { tablesMayScroll: true });
    await expectNoAxeViolations(page, `cases queue at ${size.width} px`);

    await row.getByRole("link", { name: player }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Net deposits (financial vulnerability)" })).toBeVisible();
    const facts = page.getByRole("region", { name: "What triggered it" });
    await expect(facts).toContainText("150.00");
    await expect(page.getByTestId("case-status")).toHaveText("Open");
    await expectLayoutSound(page, `case page at ${size.width} px`);
    await expectNoAxeViolations(page, `case page at ${size.width} px`);

    const ownerForm = page.getByRole("region", { name: "Owner" });
    await expect(ownerForm.locator("form")).toHaveAttribute("data-ready", "true");
    await ownerForm.getByLabel("Owner").selectOption(operator);
    await ownerForm.getByRole("button", { name: "Save owner" }).click();
    await expect(page.getByTestId("case-owner")).toHaveText(operator);

    const noteForm = page.getByRole("region", { name: "Note", exact: true });
    await noteForm.getByLabel("Note").fill("Deposits doubled this month; mailing first.");
    await noteForm.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("case-entries")).toContainText("Deposits doubled this month; mailing first.");

    const limit = page.getByRole("region", { name: "Set a limit" });
    await limit.getByLabel("Amount ($)").fill("40");
    await limit.getByRole("button", { name: "Set limit…" }).click();
    const dialog = page.getByRole("dialog", { name: "Set a limit on the player's behalf" });
    await expect(dialog).toContainText("deposit a day: $40.00");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, `limit confirmation at ${size.width} px`);
    await confirmInDialog(page, "Set the limit");
    await expect(limit.getByRole("status")).toHaveText("Limit set.");
    // A raise is refused: an operator only lowers.
    await limit.getByLabel("Amount ($)").fill("80");
    await limit.getByRole("button", { name: "Set limit…" }).click();
    await confirmInDialog(page, "Set the limit");
    await expect(limit.getByRole("alert")).toContainText("An operator may only lower a limit");

    const contact = page.getByRole("region", { name: "Contact the player" });
    await contact.getByLabel("Template").selectOption("tools");
    await contact.getByRole("button", { name: "Mail the player…" }).click();
    await confirmInDialog(page, "Send the mail");
    await expect(contact.getByRole("status")).toHaveText("Mail sent.");

    const close = page.getByRole("region", { name: "Close the case" });
    await close.getByLabel("Outcome").selectOption("limits_set");
    await close.getByRole("button", { name: "Close case…" }).click();
    await confirmInDialog(page, "Close the case");
    await expect(page.getByTestId("case-status")).toHaveText("Closed: Limits set");
    await expect(page.getByRole("region", { name: "Set a limit" })).toHaveCount(0);
    await expect(page.getByTestId("case-entries")).toContainText("Mailed the player");
    await expectNoAxeViolations(page, `closed case at ${size.width} px`);

    // Everything is in the admin log.
    await page.goto("/admin/log");
    for (const action of ["harm.case_closed", "harm.case_contacted", "harm.case_limit_set", "harm.case_noted", "harm.case_assigned"])
      await expect(page.getByRole("main")).toContainText(action);
  });
}

test("the marker thresholds are edited in the console and logged; a bad one is refused with its reason", async ({ page }) => {
  await signIn(page, await newAdmin(), PASSWORD, "/admin/cases/rules");
  const rule = page.getByRole("region", { name: "Long session" });
  await expect(rule.locator("form")).toHaveAttribute("data-ready", "true");
  await rule.getByLabel("Minutes").fill("12.5");
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(rule.getByRole("alert")).toContainText("whole number");
  await rule.getByLabel("Minutes").fill("180");
  await rule.getByRole("button", { name: "Save" }).click();
  await expect(rule.getByRole("status")).toHaveText("Saved: A session longer than 180 minutes.");
  await expectNoAxeViolations(page, "marker thresholds");
});
