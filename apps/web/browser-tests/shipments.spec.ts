import { expect, test } from "@playwright/test";
import { DEMO_PACK, signedInPlayer, snap } from "./support";

test("a player saves an address, sees the fee, ships a won item and cancels it", async ({ page }) => {
  const { apiKey } = await signedInPlayer(page, "30.00", "shipper");
  const opened = await page.request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(opened.status()).toBe(200);
  const { item } = (await opened.json()) as { item: { name: string } };

  await page.goto("/shipments");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  const fields = {
    "Full name": "Jane Doe",
    "Address line 1": "1 Main St",
    City: "Springfield",
    "State or region": "IL",
    "Postal code": "62701",
    "Country code (ISO, e.g. US)": "us",
  };
  for (const [field, value] of Object.entries(fields)) await page.getByLabel(field, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save address" }).click();
  const address = page.getByLabel("Address", { exact: true });
  await expect(address.locator("option", { hasText: "Springfield" })).toHaveCount(1);
  await address.selectOption({ label: (await address.locator("option", { hasText: "Springfield" }).innerText()).trim() });
  await expect(page.getByText("Shipping fee:")).toContainText("9.99");

  await page.getByRole("checkbox", { name: item.name }).check();
  await page.getByRole("button", { name: /^Ship 1 item$/ }).click();
  const shipment = page.getByTestId("shipment").first();
  await expect(shipment).toContainText("Requested");
  await expect(shipment).toContainText(item.name);
  await snap(page, "shipments");
  await shipment.getByRole("button", { name: "Cancel" }).click();
  await expect(shipment).toContainText("Cancelled");
});
