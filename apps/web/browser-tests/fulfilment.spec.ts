import { expect, test } from "@playwright/test";
import {
  DEMO_PACK,
  PASSWORD,
  admin,
  confirmInDialog,
  expectLayoutSound,
  expectNoAxeViolations,
  signIn,
  snapView,
  uniqueEmail,
} from "./support";

// The console's fulfilment queue: a player asks for a shipment over the REST API, an admin
// approves it and marks it shipped with a tracking number, and the player's Shipments page
// shows it shipped. The console page is sound at phone and desktop width and clean under axe.

const CONSOLE_WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

test("an admin approves and ships a requested shipment; the player sees the tracking number", async ({ page, browser, request }) => {
  const playerEmail = uniqueEmail("fulfil-player");
  const { apiKey } = await admin("user:create", { email: playerEmail, balance: "30.00", password: PASSWORD });
  const headers = { authorization: `Bearer ${apiKey}` };
  const opened = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers });
  expect(opened.status()).toBe(200);
  const { item, inventoryItem } = (await opened.json()) as { item: { name: string }; inventoryItem: { id: string } };
  const address = await request.post("/v1/addresses", {
    headers,
    data: { name: "Jane Doe", line1: "1 Main St", city: "Springfield", region: "IL", postalCode: "62701", country: "US" },
  });
  expect(address.status()).toBe(201);
  const { id: addressId } = (await address.json()) as { id: string };
  const created = await request.post("/v1/shipments", { headers, data: { inventoryItemIds: [inventoryItem.id], addressId } });
  expect(created.status()).toBe(201);

  const adminEmail = uniqueEmail("fulfil-admin");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await signIn(page, adminEmail, PASSWORD, "/admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Shipments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  const row = page.getByTestId("admin-shipment").filter({ hasText: playerEmail });
  await expect(row).toContainText(item.name);
  await expect(row).toContainText("1 Main St");
  await expect(row).toContainText("$9.99");
  for (const size of CONSOLE_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "console shipments (requested)", { tablesMayScroll: true });
    await snapView(page, `console-shipments-requested-${size.width}`);
  }
  await expectNoAxeViolations(page, "console shipments (requested)");

  // Rejecting needs a reason: the server refuses without one and nothing moves.
  await row.getByRole("button", { name: /^Reject/ }).click();
  await confirmInDialog(page, "Reject");
  await expect(row.getByRole("alert")).toBeVisible();
  await row.getByRole("button", { name: /^Approve/ }).click();
  await confirmInDialog(page, "Approve");
  await expect(row).toHaveCount(0);

  const states = page.getByRole("navigation", { name: "Shipment states" });
  await states.getByRole("link", { name: "approved", exact: true }).click();
  await expect(page).toHaveURL(/state=APPROVED/);
  const approved = page.getByTestId("admin-shipment").filter({ hasText: playerEmail });
  await approved.getByLabel("Carrier").fill("UPS");
  await approved.getByLabel("Tracking number").fill("1Z999AA10123456784");
  for (const size of CONSOLE_WIDTHS) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "console shipments (approved)", { tablesMayScroll: true });
  }
  await expectNoAxeViolations(page, "console shipments (approved)");
  await approved.getByRole("button", { name: /^Mark shipped/ }).click();
  await expect(page.getByRole("dialog")).toContainText("UPS 1Z999AA10123456784");
  await confirmInDialog(page, "Mark shipped");
  await expect(approved).toHaveCount(0);

  await states.getByRole("link", { name: "shipped", exact: true }).click();
  await expect(page).toHaveURL(/state=SHIPPED/);
  const shipped = page.getByTestId("admin-shipment").filter({ hasText: playerEmail });
  await expect(shipped).toContainText("1Z999AA10123456784");
  await expect(shipped.getByRole("button", { name: /^Delivered/ })).toBeVisible();

  const playerContext = await browser.newContext();
  const playerPage = await playerContext.newPage();
  await signIn(playerPage, playerEmail, PASSWORD, "/inventory");
  await playerPage.getByRole("link", { name: "ship items" }).click();
  await expect(playerPage.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  const shipment = playerPage.getByTestId("shipment").first();
  await expect(shipment).toContainText("Shipped");
  await expect(shipment).toContainText("UPS");
  await expect(shipment).toContainText("1Z999AA10123456784");
  await playerContext.close();
});

test("an admin approves two requested shipments in one go and prints their packing list", async ({ page, request }) => {
  const PHONE_AND_DESKTOP = [
    { width: 360, height: 780 },
    { width: 1440, height: 900 },
  ] as const;
  const players = [
    {
      email: uniqueEmail("batch-a"),
      name: "Ada Lovelace",
      line1: "12 St James's Square",
      city: "London",
      postalCode: "SW1Y 4JH",
      country: "GB",
      phone: "+44 20 7946 0000",
    },
    {
      email: uniqueEmail("batch-b"),
      name: "Alan Turing",
      line1: "78 High Street",
      city: "Wilmslow",
      postalCode: "SK9 1AA",
      country: "GB",
      phone: "+44 1625 000000",
    },
  ];
  const requested = [];
  for (const { email, ...address } of players) {
    const { apiKey } = await admin("user:create", { email, balance: "30.00", password: PASSWORD });
    const headers = { authorization: `Bearer ${apiKey}` };
    const opened = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers });
    expect(opened.status()).toBe(200);
    const { item, inventoryItem } = (await opened.json()) as { item: { name: string }; inventoryItem: { id: string } };
    const saved = await request.post("/v1/addresses", { headers, data: address });
    expect(saved.status()).toBe(201);
    const { id: addressId } = (await saved.json()) as { id: string };
    const created = await request.post("/v1/shipments", { headers, data: { inventoryItemIds: [inventoryItem.id], addressId } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    requested.push({ id, email, address, itemName: item.name, inventoryItemId: inventoryItem.id });
  }

  const adminEmail = uniqueEmail("batch-admin");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await signIn(page, adminEmail, PASSWORD, "/admin/shipments?state=all");

  // Filter: requested (any age), after checking that the age filter leaves out these fresh ones.
  const states = page.getByRole("navigation", { name: "Shipment states" });
  const ages = page.getByRole("navigation", { name: "Shipment age" });
  await states.getByRole("link", { name: "requested", exact: true }).click();
  await expect(page).toHaveURL(/state=REQUESTED/);
  await ages.getByRole("link", { name: "over 1 day" }).click();
  await expect(page).toHaveURL(/state=REQUESTED&age=24/);
  await expect(page.getByTestId("admin-shipment").filter({ hasText: requested[0]!.email })).toHaveCount(0);
  await ages.getByRole("link", { name: "any age" }).click();
  await expect(ages.getByRole("link", { name: "any age" })).toHaveAttribute("aria-current", "page");
  const rows = requested.map(({ email }) => page.getByTestId("admin-shipment").filter({ hasText: email }));
  for (const row of rows) await expect(row).toBeVisible();
  for (const size of PHONE_AND_DESKTOP) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "console shipments (batch)", { tablesMayScroll: true });
    await snapView(page, `console-shipments-batch-${size.width}`);
  }
  await expectNoAxeViolations(page, "console shipments (batch)");

  // "Select all shown" takes every row shown, and gives them back.
  const selection = page.getByRole("region", { name: "Selection" });
  const shown = await page.getByTestId("admin-shipment").count();
  await selection.getByLabel(/^Select all shown/).check();
  await expect(page.getByTestId("selected-count")).toHaveText(`${shown} selected`);
  await selection.getByLabel(/^Select all shown/).uncheck();
  await expect(page.getByTestId("selected-count")).toHaveText("0 selected");

  for (const row of rows) await row.getByRole("checkbox").check();
  await expect(page.getByTestId("selected-count")).toHaveText("2 selected");
  await selection.getByRole("button", { name: "Approve selected" }).click();
  await confirmInDialog(page, "Approve 2");
  await expect(selection.getByRole("status")).toHaveText("2 approved, 0 skipped");
  for (const row of rows) await expect(row).toHaveCount(0);

  await states.getByRole("link", { name: "approved", exact: true }).click();
  await expect(page).toHaveURL(/state=APPROVED/);
  for (const row of rows) await row.getByRole("checkbox").check();
  await selection.getByRole("link", { name: "Packing list (2)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Packing list" })).toBeVisible();
  const slips = page.getByTestId("packing-slip");
  await expect(slips).toHaveCount(2);
  for (const shipment of requested) {
    const slip = slips.filter({ hasText: shipment.id });
    await expect(slip.getByRole("heading", { level: 2 })).toHaveText(`Shipment ${shipment.id}`);
    for (const part of [
      shipment.address.name,
      shipment.address.line1,
      shipment.address.city,
      shipment.address.postalCode,
      shipment.address.phone,
    ])
      await expect(slip.locator("address")).toContainText(part);
    const itemRow = slip.getByRole("row").filter({ hasText: shipment.inventoryItemId });
    await expect(itemRow).toContainText(shipment.itemName);
    await expect(itemRow).toContainText(DEMO_PACK.name);
  }
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  for (const size of PHONE_AND_DESKTOP) {
    await page.setViewportSize(size);
    await expectLayoutSound(page, "console packing list", { tablesMayScroll: true });
    await snapView(page, `console-packing-list-${size.width}`);
  }
  await expectNoAxeViolations(page, "console packing list");

  // Printed: no console around it, each shipment from a new page.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Console" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(slips.nth(1)).toHaveCSS("break-before", "page");
  await expect(slips.nth(0)).not.toHaveCSS("break-before", "page");
});
