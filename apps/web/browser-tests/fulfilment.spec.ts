import { expect, test } from "@playwright/test";
import { DEMO_PACK, PASSWORD, admin, expectLayoutSound, expectNoAxeViolations, signIn, snapView, uniqueEmail } from "./support";

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
  await expect(row.getByRole("alert")).toBeVisible();
  await row.getByRole("button", { name: /^Approve/ }).click();
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
