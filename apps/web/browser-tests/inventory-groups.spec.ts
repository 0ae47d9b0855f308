import { expect, test } from "@playwright/test";
import {
  DEMO_PACK,
  cents,
  displayCents,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  headerBalance,
  signedInPlayer,
} from "./support";

interface Group {
  name: string;
  count: number;
  totalValue: string;
}

// Many copies of one common item read as one row with its count and total, and go in one sale.
for (const viewport of [
  { width: 360, height: 780 },
  { width: 1440, height: 900 },
]) {
  test(`held items grouped by item, sorted, and sold all at once at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const { apiKey } = await signedInPlayer(page, "150.00", `groups-${viewport.width}`);
    const headers = { authorization: `Bearer ${apiKey}` };
    // Open until some item is won twice (commons repeat soon), so one group holds several copies.
    const counts = new Map<string, number>();
    for (let i = 0; i < 25 && (i < 8 || Math.max(...counts.values()) < 2); i++) {
      const response = await page.request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers });
      expect(response.status()).toBe(200);
      const { item } = (await response.json()) as { item: { id: string } };
      counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    }
    const groupsBy = async (sort: string) =>
      ((await (await page.request.get(`/v1/inventory/groups?sort=${sort}`, { headers })).json()) as { groups: Group[] }).groups;
    const byValue = await groupsBy("value-desc");
    const [top] = await groupsBy("count");
    expect(top!.count).toBeGreaterThan(1);

    await page.goto("/inventory");
    await page.getByRole("button", { name: "Grouped" }).click();
    await expect(page).toHaveURL(/view=grouped/);
    const groups = page.getByTestId("inventory-group");
    await expect(groups).toHaveCount(counts.size);
    await expect(groups.getByRole("heading")).toHaveText(byValue.map((group) => group.name));

    const sort = page.getByRole("combobox", { name: "Sort" });
    await sort.selectOption({ label: "Most held" });
    await expect(page).toHaveURL(/sort=count/);
    const first = groups.first();
    await expect(first.getByRole("heading")).toHaveText(top!.name);
    await expect(first.getByTestId("inventory-group-count")).toHaveText(`× ${top!.count}`);
    await expect(first).toContainText(`Total ${displayCents(cents(top!.totalValue))}`);
    await expectLayoutSound(page, `grouped inventory at ${viewport.width}`);
    await expectNoAxeViolations(page, `grouped inventory at ${viewport.width}`);

    // The address keeps the view and the order.
    await page.reload();
    await expect(page.getByRole("button", { name: "Grouped" })).toHaveAttribute("aria-pressed", "true");
    await expect(sort).toHaveValue("count");
    await expect(first.getByRole("heading")).toHaveText(top!.name);

    const balance = await headerBalance(page);
    const held = cents(await page.getByTestId("inventory-total").innerText());
    const total = cents(top!.totalValue);
    await first.getByRole("button", { name: `Sell all ${top!.count} ${top!.name} for ${displayCents(total)}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Sold" })).toContainText(
      `Sold ${top!.count} items for ${displayCents(total)}. New balance ${displayCents(balance + total)}.`,
    );
    await expectHeaderBalance(page, balance + total);
    await expect(page.getByTestId("inventory-total")).toHaveText(displayCents(held - total));
    await expect(groups).toHaveCount(counts.size - 1);
    await expect(groups.getByRole("heading", { name: top!.name, exact: true })).toHaveCount(0);
    await expectLayoutSound(page, `grouped inventory after a sale at ${viewport.width}`);

    await page.getByRole("button", { name: "Each item" }).click();
    await expect(page.getByTestId("inventory-item")).toHaveCount([...counts.values()].reduce((sum, n) => sum + n, 0) - top!.count);
  });
}
