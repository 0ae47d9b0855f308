import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { DEMO_PACK, LAYOUT_WIDTHS, admin, displayCents, expectLayoutSound, expectNoAxeViolations, signedInPlayer, snap } from "./support";

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
  };
  for (const [field, value] of Object.entries(fields)) await page.getByLabel(field, { exact: true }).fill(value);
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "United States" });
  await page.getByRole("button", { name: "Save address" }).click();
  const address = page.getByLabel("Address", { exact: true });
  await expect(address.locator("option", { hasText: "Springfield" })).toHaveCount(1);
  await address.selectOption({ label: (await address.locator("option", { hasText: "Springfield" }).innerText()).trim() });
  await expect(page.getByText("Shipping fee:")).toContainText("9.99");

  await page.getByRole("checkbox", { name: item.name }).check();
  await page.getByRole("button", { name: /^Ship 1 item for / }).click();
  const shipment = page.getByTestId("shipment").first();
  await expect(shipment).toContainText("Requested");
  await expect(shipment).toContainText(item.name);
  await snap(page, "shipments");
  await shipment.getByRole("button", { name: "Cancel" }).click();
  await expect(shipment).toContainText("Cancelled");
});

/** Every page at each layout width: nothing past the edge, no control under another, axe clean. */
async function expectSoundAtEveryWidth(page: Page, state: string) {
  const original = page.viewportSize();
  for (const viewport of LAYOUT_WIDTHS) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, `${state} at ${viewport.width}`);
  }
  if (original) await page.setViewportSize(original);
  await expectNoAxeViolations(page, state);
}

test("Ship it on an inventory item: preselected, a new address, the fee, confirmed; a digital item offers only Sell", async ({ page }) => {
  test.setTimeout(120_000);
  const { apiKey } = await signedInPlayer(page, "30.00", "ship-it");
  const headers = { authorization: `Bearer ${apiKey}` };
  // Two one-item packs (each opening wins its item), one of them digital: the test knows what it holds.
  const tag = randomUUID().slice(0, 8);
  const demo = (await (await page.request.get(`/v1/packs/${DEMO_PACK.slug}`, { headers })).json()) as { image: string };
  const onePack = (slug: string, item: string, ships: boolean) => ({
    slug,
    name: `Ship test ${slug}`,
    image: demo.image,
    price: "5.00",
    category: "TECH",
    rarityTheme: "SILVER",
    items: [{ key: "only", name: item, rarity: "RARE", value: "4.50", image: demo.image, chance: "100", ships }],
  });
  const sneaker = `Sneaker ${tag}`;
  const giftCode = `Gift Code ${tag}`;
  await admin("pack:import", { packs: [onePack(`ship-${tag}`, sneaker, true), onePack(`code-${tag}`, giftCode, false)] });
  for (const slug of [`ship-${tag}`, `code-${tag}`]) {
    expect((await page.request.post(`/v1/packs/${slug}/open`, { headers })).status()).toBe(200);
  }
  const quote = (await (await page.request.get("/v1/shipping/quote?country=US", { headers })).json()) as { fee: string };

  await page.goto("/inventory");
  const sneakerCard = page.getByTestId("inventory-item").filter({ hasText: sneaker });
  const giftCard = page.getByTestId("inventory-item").filter({ hasText: giftCode });
  await expect(giftCard.getByRole("button", { name: `Sell ${giftCode} for $4.50` })).toBeVisible();
  await expect(giftCard.getByRole("link", { name: /Ship it/ })).toHaveCount(0);
  await expect(giftCard).toContainText("does not ship");
  await expect(sneakerCard.getByRole("button", { name: `Sell ${sneaker} for $4.50` })).toBeVisible();
  await expectSoundAtEveryWidth(page, "inventory with Ship it");
  await page.goto("/inventory?view=grouped");
  const groupOf = (name: string) => page.getByTestId("inventory-group").filter({ hasText: name });
  await expect(groupOf(sneaker).getByRole("link", { name: `Ship it: ${sneaker}` })).toBeVisible();
  await expect(groupOf(giftCode).getByRole("link", { name: /Ship it/ })).toHaveCount(0);
  await expect(groupOf(giftCode)).toContainText("does not ship");
  await expectSoundAtEveryWidth(page, "grouped inventory with Ship it");
  await page.goto("/inventory");

  await sneakerCard.getByRole("link", { name: `Ship it: ${sneaker}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ship it" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: sneaker })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: giftCode })).toHaveCount(0);
  // No saved address yet: the form is open.
  const fields = {
    "Full name": "Jane Doe",
    "Address line 1": "1 Main St",
    City: "Springfield",
    "State or region": "IL",
    "Postal code": "62701",
  };
  for (const [field, value] of Object.entries(fields)) await page.getByLabel(field, { exact: true }).fill(value);
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "United States" });
  await expectSoundAtEveryWidth(page, "Ship it with the address form");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByLabel("Address", { exact: true }).locator("option:checked")).toContainText("Springfield");
  await expect(page.getByTestId("shipping-fee")).toContainText(`Shipping fee: ${displayCents(Math.round(Number(quote.fee) * 100))} to US`);
  await expectSoundAtEveryWidth(page, "Ship it with the fee");

  await page.getByRole("button", { name: `Ship 1 item for ${displayCents(Math.round(Number(quote.fee) * 100))}` }).click();
  await expect(page).toHaveURL(/\/shipments\?requested=/);
  await expect(page.getByRole("status").filter({ hasText: "Shipment requested" })).toContainText(sneaker);
  const shipment = page.getByTestId("shipment").first();
  await expect(shipment).toContainText("Requested");
  await expect(shipment).toContainText(sneaker);
  await expectSoundAtEveryWidth(page, "shipments after Ship it");

  // In the shipment (REDEEMING): neither sold nor shipped again from the inventory.
  await page.goto("/inventory");
  await expect(giftCard).toHaveCount(1);
  await expect(sneakerCard).toHaveCount(0);
  await expect(page.getByRole("button", { name: new RegExp(`Sell ${sneaker}`) })).toHaveCount(0);
  await page.goto("/inventory?view=grouped");
  await expect(groupOf(giftCode).getByRole("button", { name: /^Sell/ })).toBeVisible();
  await expect(groupOf(sneaker)).toHaveCount(0);
});
