import { expect, test, type Locator } from "@playwright/test";
import { demoCatalog } from "@prizepacks/db/seed";
import { DEMO_PACK, cents, displayCents, expectHeaderBalance, formatCents, signUpVerified, snap, uniqueEmail } from "./support";

/** The text of the <dd> that follows the <dt> named `term` inside `scope`. */
async function described(scope: Locator, term: string): Promise<string> {
  return (
    await scope
      .locator("dt", { hasText: new RegExp(`^${term}$`) })
      .locator("xpath=following-sibling::dd[1]")
      .innerText()
  ).trim();
}

// One player, start to finish, through the pages: sign-up and verification, a deposit, an
// opening, selling the prize, checking the draw, then an API key used over HTTP and revoked.
test("player journey: sign up, deposit, open, sell, verify, API key", async ({ page, request }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("journey");
  const deposit = "50.00";
  let balance = 0;

  await test.step("sign up and follow the verification link from the outbox", async () => {
    await signUpVerified(page, email);
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail is verified" })).toBeVisible();
    await expectHeaderBalance(page, 0);
    await expect(page.getByText(email)).toBeVisible();
  });

  await test.step("the catalogue lists the demo packs", async () => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Open a prize pack" })).toBeVisible();
    // Other suites may share the database and add packs, so check the demo ones by name.
    const cards = page.getByTestId("pack-card");
    for (const pack of demoCatalog) {
      const card = cards.filter({ has: page.getByRole("heading", { name: pack.name, exact: true }) });
      if (pack.active) await expect(card.getByText(displayCents(cents(pack.price)), { exact: true })).toBeVisible();
      else await expect(card).toHaveCount(0);
    }
    await snap(page, "catalogue");
  });

  await test.step("add funds on /wallet; the header balance follows", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Wallet" }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByTestId("wallet-balance")).toHaveText("$0.00");
    await page.getByLabel("Amount").fill(deposit);
    await page.getByRole("button", { name: "Add funds" }).click();
    balance += cents(deposit);
    await expect(page.getByRole("status").filter({ hasText: "Added" })).toContainText(
      `Added ${displayCents(cents(deposit))}. New balance ${displayCents(balance)}.`,
    );
    await expect(page.getByTestId("wallet-balance")).toHaveText(displayCents(balance));
    await expectHeaderBalance(page, balance);
  });

  let price = 0;
  let won = { name: "", value: 0, valueText: "" };
  let opening = { serverSeedHash: "", clientSeed: "", nonce: "", hash: "", result: "" };
  let verifyHref = "";

  await test.step("open a pack on its page (reduced motion)", async () => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: DEMO_PACK.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/packs/${DEMO_PACK.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: DEMO_PACK.name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Items and odds" })).toBeVisible();
    // The chance to beat the price, in the odds table's precision (the API test checks its value).
    await expect(page.getByTestId("beat-price-chance")).toHaveText(/^\d{1,3}\.\d{3}%$/);
    await expect(
      page
        .getByRole("region", { name: "Items and odds table" })
        .getByRole("cell", { name: /^\d{1,3}\.\d{3}%/ })
        .first(),
    ).toBeVisible();
    const openButton = page.getByRole("button", { name: /^Open 1 pack for / });
    await expect(openButton).toBeEnabled();
    price = cents((await openButton.innerText()).replace(/^Open 1 pack for /, ""));
    expect(formatCents(price)).toBe(DEMO_PACK.price);
    await snap(page, "pack");

    await openButton.click();
    const result = page.getByTestId("open-result");
    await expect(result).toBeVisible();
    await expect(page.getByTestId("reel")).toHaveCount(0); // reduced motion: no reel
    const name = (await result.getByRole("heading", { level: 4 }).innerText()).trim();
    const valueText = (await result.getByTestId("open-result-value").innerText()).trim();
    expect(valueText, "the result shows the item's value").toMatch(/^\$[\d,]+\.\d{2}$/);
    won = { name, value: cents(valueText), valueText };
    // "You won" only for an item worth more than the pack; anything else is what one got.
    const verb = won.value > price ? "You won" : "You got";
    await expect(result).toHaveAccessibleName(`${verb} ${name}`);
    await expect(page.getByRole("status").filter({ hasText: verb })).toContainText(`${verb} ${name}`);

    balance -= price;
    await expectHeaderBalance(page, balance);
    await expect(result.getByTestId("open-result-net")).toHaveText(`${won.value - price > 0 ? "+" : ""}${displayCents(won.value - price)}`);
    await result.getByRole("button", { name: "Fairness data" }).click();
    const fairness = result.getByRole("dialog", { name: /^Fairness data/ });
    await expect(fairness).toBeVisible();

    opening = {
      serverSeedHash: await described(fairness, "serverSeedHash"),
      clientSeed: await described(fairness, "clientSeed"),
      nonce: await described(fairness, "nonce"),
      hash: await described(fairness, "hash"),
      result: await described(fairness, "result"),
    };
    expect(opening.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(opening.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(opening.nonce).toBe("0");
    expect(Number(opening.result)).toBeGreaterThanOrEqual(1);
    expect(Number(opening.result)).toBeLessThanOrEqual(100000);
    verifyHref = (await fairness.getByRole("link", { name: "Verify this draw" }).getAttribute("href")) ?? "";
    expect(verifyHref).toContain("/fairness?");
    await snap(page, "open-result");
    await page.keyboard.press("Escape");
    await expect(fairness).toBeHidden();
  });

  await test.step("the won item is in /inventory; selling it credits its value", async () => {
    await page.getByTestId("open-summary").getByRole("link", { name: "Go to inventory" }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    const items = page.getByTestId("inventory-item");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByRole("heading", { name: won.name })).toBeVisible();
    await expect(items.first()).toContainText(won.valueText);
    await expect(page.getByTestId("inventory-total")).toHaveText(won.valueText);
    await expect(page.getByTestId("inventory-count")).toHaveText("1");
    await snap(page, "inventory");

    await page.getByRole("button", { name: `Sell ${won.name} for ${won.valueText}` }).click();
    balance += won.value;
    await expect(page.getByRole("status").filter({ hasText: "Sold" })).toContainText(
      `Sold 1 item for ${won.valueText}. New balance ${displayCents(balance)}.`,
    );
    await expectHeaderBalance(page, balance);
    expect(balance).toBe(cents(deposit) - price + won.value);
    await expect(page.getByTestId("inventory-item")).toHaveCount(0);
    await expect(page.getByText("No items yet")).toBeVisible();
    await expect(page.getByTestId("inventory-count")).toHaveText("0");

    await page.getByRole("tab", { name: "Sold" }).click();
    await expect(page.getByTestId("inventory-item").filter({ hasText: won.name })).toHaveCount(1);
  });

  await test.step("/fairness: rotate the pair, the revealed seed verifies the opening", async () => {
    await page.goto(verifyHref);
    await expect(page.getByRole("heading", { level: 1, name: "Provable fairness" })).toBeVisible();
    await expect(page.getByTestId("active-server-seed-hash")).toHaveText(opening.serverSeedHash);
    await expect(page.getByTestId("client-seed")).toHaveText(opening.clientSeed);
    await expect(page.getByTestId("next-nonce")).toHaveText("1");
    const committedNext = (await page.getByTestId("next-server-seed-hash").innerText()).trim();

    await page.getByRole("button", { name: "Rotate seed pair" }).click();
    const revealedSeed = page.getByTestId("revealed-server-seed");
    await expect(revealedSeed).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId("revealed-server-seed-hash")).toHaveText(opening.serverSeedHash);
    await expect(page.getByTestId("revealed-client-seed")).toHaveText(opening.clientSeed);
    await expect(page.getByTestId("revealed-openings")).toHaveText("1");
    // The pre-committed next seed is now the active one, and the nonce restarts.
    await expect(page.getByTestId("active-server-seed-hash")).toHaveText(committedNext);
    await expect(page.getByTestId("next-nonce")).toHaveText("0");

    await page.getByRole("button", { name: "Verify these draws" }).click();
    await expect(page.getByTestId("verify-seed-hash")).toHaveText(opening.serverSeedHash);
    await expect(page.getByTestId("verify-seed-hash-match")).toHaveText("✓ Match");
    await expect(page.getByTestId("verify-hash")).toHaveText(opening.hash);
    await expect(page.getByTestId("verify-result")).toHaveText(opening.result);
    await expect(page.getByTestId("verify-item")).toContainText(won.name);
    await snap(page, "fairness");
  });

  let apiKey = "";
  const keyName = "browser-bot";
  let apiOpening = { name: "", result: 0, clientSeed: "", value: 0 };

  await test.step("/settings/api: create a key and open a pack with it over HTTP", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" }).click();
    await expect(page).toHaveURL(/\/settings\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    await page.getByLabel("Key name").fill(keyName);
    await page.getByRole("button", { name: "Create key" }).click();
    apiKey = (await page.getByTestId("new-api-key-value").innerText()).trim();
    expect(apiKey).toMatch(/^pp_live_[0-9A-Za-z]{40}$/);
    const row = page.getByTestId("api-key-row").filter({ hasText: keyName });
    await expect(row).toContainText("active");
    await expect(row).toContainText(apiKey.slice(0, 8));
    await snap(page, "api-keys");

    const response = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    balance -= price;
    expect(body.balanceAfter).toBe(balance / 100);
    expect(body.fairness.nonce).toBe(0); // first opening of the rotated pair
    apiOpening = { name: body.item.name, result: body.spin.result, clientSeed: body.fairness.clientSeed, value: cents(body.item.value) };

    await page.reload();
    await expectHeaderBalance(page, balance);
  });

  await test.step("/history shows both openings, the API one first", async () => {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    const rows = page.getByTestId("history-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole("heading", { level: 2 })).toContainText(apiOpening.name);
    await expect(rows.nth(0)).toContainText(String(apiOpening.result));
    await expect(rows.nth(0)).toContainText(apiOpening.clientSeed);
    await expect(rows.nth(0)).toContainText("revealed after you rotate your seed");
    await expect(rows.nth(1).getByRole("heading", { level: 2 })).toContainText(won.name);
    await expect(rows.nth(1)).toContainText(opening.result);
    await expect(rows.nth(1)).toContainText(opening.serverSeedHash);
    await expect(rows.nth(1)).not.toContainText("revealed after you rotate your seed"); // its seed is public now
    await snap(page, "history");

    // Totals over what is listed, and each line's net; a pack filter narrows both.
    const wonTotal = won.value + apiOpening.value;
    const signedCents = (value: number) => `${value > 0 ? "+" : ""}${displayCents(value)}`;
    await expect(page.getByTestId("history-total-openings")).toHaveText("2");
    await expect(page.getByTestId("history-total-paid")).toHaveText(displayCents(2 * price));
    await expect(page.getByTestId("history-total-won")).toHaveText(displayCents(wonTotal));
    await expect(page.getByTestId("history-total-net")).toHaveText(signedCents(wonTotal - 2 * price));
    await expect(rows.nth(1).getByTestId("history-row-net")).toHaveText(signedCents(won.value - price));
    await page.getByRole("combobox", { name: "Pack", exact: true }).selectOption({ label: DEMO_PACK.name });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/history\?pack=/);
    await expect(page.getByRole("heading", { name: `Totals for ${DEMO_PACK.name}` })).toBeVisible();
    await expect(rows).toHaveCount(2);
    const otherPack = (await page.getByRole("combobox", { name: "Pack", exact: true }).locator("option").allInnerTexts()).find(
      (name) => name !== DEMO_PACK.name && name !== "All packs",
    )!;
    await page.getByRole("combobox", { name: "Pack", exact: true }).selectOption({ label: otherPack });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No openings of this pack yet")).toBeVisible();
    await expect(page.getByTestId("history-total-openings")).toHaveText("0");
    await page.goto("/history");
  });

  await test.step("/history → Verify: the verifier's verdict on each draw", async () => {
    // The revealed draw: the browser recomputes it and says it gives the item won.
    await page
      .getByTestId("history-row")
      .nth(1)
      .getByRole("link", { name: /^Verify/ })
      .click();
    await expect(page.getByTestId("verify-verdict")).toHaveText(`✓ This draw gives the item you got: ${won.name}.`);
    await expect(page.getByTestId("verify-seed-hash-match")).toHaveText("✓ Match");

    // A link that claims another item is refuted, with the item the ticket really gives.
    const claimed = new URL(page.url());
    claimed.searchParams.set("item", "an-item-that-was-not-won");
    await page.goto(claimed.pathname + claimed.search);
    await expect(page.getByTestId("verify-verdict")).toContainText(`✗ This draw gives ${won.name} (ticket ${opening.result})`);

    // The API draw's seed is still secret: the verifier says how to reveal it rather than failing.
    await page.goto("/history");
    await page
      .getByTestId("history-row")
      .nth(0)
      .getByRole("link", { name: /^Verify/ })
      .click();
    await expect(page.getByTestId("verify-seed-secret")).toBeVisible();
    await expect(page.getByTestId("verify-verdict")).toHaveCount(0);
  });

  await test.step("revoking the key on the page makes it fail with 401", async () => {
    await page.goto("/settings/api");
    const row = page.getByTestId("api-key-row").filter({ hasText: keyName });
    await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
    await row.getByRole("button", { name: `Confirm revoke ${keyName}` }).click();
    await expect(row).toContainText("revoked");
    await expect(row.getByRole("button", { name: `Revoke ${keyName}` })).toHaveCount(0);

    const me = await request.get("/v1/me", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(me.status()).toBe(401);
    const open = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(open.status()).toBe(401);
  });

  await test.step("/wallet: the balance and the ledger add up", async () => {
    await page.goto("/wallet");
    await expect(page.getByTestId("wallet-balance")).toHaveText(displayCents(balance));
    await expectHeaderBalance(page, balance);
    expect(balance).toBe(cents(deposit) - 2 * price + won.value);
    await expect(page.getByRole("heading", { name: "Wallet history" })).toBeVisible();
    // Newest first: API opening, sale, browser opening, deposit; each row's balance after it.
    const rows = page.getByTestId("ledger-row");
    await expect(rows).toHaveCount(4);
    const expected = [
      ["Pack opened", displayCents(-price), displayCents(balance)],
      ["Item sold", `+${won.valueText}`, displayCents(balance + price)],
      ["Pack opened", displayCents(-price), displayCents(cents(deposit) - price)],
      ["Deposit", `+${displayCents(cents(deposit))}`, displayCents(cents(deposit))],
    ] as const;
    for (const [index, [kind, amount, after]] of expected.entries()) {
      await expect(rows.nth(index).locator('[data-label="Kind"]')).toHaveText(kind);
      await expect(rows.nth(index).locator('[data-label="Amount"]')).toHaveText(amount);
      await expect(rows.nth(index).locator('[data-label="Balance after"]')).toHaveText(after);
    }
    await snap(page, "wallet");
  });
});
