import { expect, test, type Page } from "@playwright/test";
import {
  DEMO_PACK,
  PASSWORD,
  admin,
  uniqueEmail,
  LAYOUT_WIDTHS,
  cents,
  displayCents,
  expectHeaderBalance,
  expectLayoutSound,
  expectNoAxeViolations,
  signedInPlayer,
  snap,
} from "./support";

// Pack battles on the web (issue #22): create a battle, fill it with house bots, watch its rounds
// settle on the local beacon (demo mode: 3 s rounds, so ~6–9 s after lock), verify it in the
// browser from its published values; the lobby lists open battles. Layout and axe on each page.

const PRICE = cents(DEMO_PACK.price);

async function expectSoundEverywhere(page: Page, state: string) {
  for (const viewport of LAYOUT_WIDTHS.filter(({ width }) => width === 360 || width === 1440)) {
    await page.setViewportSize(viewport);
    await expectLayoutSound(page, state);
    await expectNoAxeViolations(page, `${state} at ${viewport.width} px`);
  }
}

test("a player creates a 1v1 battle of two rounds, fills it with bots, watches it settle and verifies it in the browser", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signedInPlayer(page, "50.00", "battler");

  await page.goto("/battles/new");
  await expect(page.getByRole("heading", { level: 1, name: "Create a battle" })).toBeVisible();
  const add = page.locator(`[data-testid=battle-add-pack][data-pack-slug="${DEMO_PACK.slug}"]`);
  await add.click();
  await add.click();
  await expect(page.getByTestId("battle-rounds-picked").getByRole("listitem")).toHaveCount(2);
  await page.getByRole("radio", { name: /^1 v 1 \(/ }).check();
  const submit = page.getByTestId("battle-create-submit");
  await expect(submit).toHaveText(`Create battle for ${displayCents(2 * PRICE)}`);
  await expectSoundEverywhere(page, "create battle");
  await snap(page, "battle-create");

  await submit.click();
  await expect(page).toHaveURL(/\/battles\/[^/]+$/);
  await expect(page.getByTestId("battle-status")).toHaveText("Open");
  await expectHeaderBalance(page, cents("50.00") - 2 * PRICE);
  await expect(page.getByTestId("battle-seat")).toHaveCount(2);
  await expect(page.getByTestId("battle-seat").first()).toContainText("You");
  await expectSoundEverywhere(page, "open battle");

  await page.getByTestId("battle-fill-bots").click();
  await expect(page.getByTestId("battle-page")).toHaveAttribute("data-status", /locked|settled/);
  await expect(page.getByTestId("battle-page")).toHaveAttribute("data-status", "settled", { timeout: 30_000 });

  // Reduced motion: every round at once, no reels; one draw per seat per round.
  await expect(page.getByTestId("battle-rounds")).toHaveAttribute("data-revealed", "all");
  await expect(page.getByTestId("battle-column")).toHaveCount(2);
  await expect(page.getByTestId("battle-draw")).toHaveCount(4);
  await expect(page.getByTestId("battle-result").getByTestId("battle-winner")).toContainText(/You win|Bot 2 wins/);
  await expect(page.getByTestId("battle-payout").first()).toContainText(/^(You take|Bot 2 takes) \$[\d,]+\.\d{2} in 4 items/);
  await expect(page.getByTestId("proof-server-seed")).toHaveText(/^[0-9a-f]{64}$/);

  await page.getByTestId("battle-verify").click();
  await expect(page.getByTestId("battle-verify-verdict")).toContainText("Every check passes");
  const checks = page.getByTestId("battle-check");
  expect(await checks.count()).toBeGreaterThan(5);
  for (const check of await checks.all()) await expect(check).toHaveAttribute("data-passed", "true");
  await expectSoundEverywhere(page, "settled battle");
  await snap(page, "battle-settled");

  await page.goto("/battles/mine");
  await expect(page.getByTestId("my-battles").getByRole("listitem").first()).toContainText("Settled");
});

test("the lobby lists an open battle with its packs, seats and entry, and another player joins it from there", async ({ page }) => {
  // The creator plays over REST with its API key; the guest finds the battle in the lobby.
  const creator = await admin("user:create", { email: uniqueEmail("lobby-host"), balance: "30.00", password: PASSWORD });
  const created = await page.request.post("/v1/battles", {
    headers: { authorization: `Bearer ${creator.apiKey}`, "idempotency-key": `lobby-${Date.now()}` },
    data: { packs: [DEMO_PACK.slug], layout: "1v1", winRule: "lowest" },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };

  await signedInPlayer(page, "30.00", "lobby-guest");
  // The battle's own page offers the seats with a client seed, its rule read out with the field.
  await page.goto(`/battles/${id}`);
  const seed = page.getByLabel("Your client seed (optional)");
  await expect(seed).toHaveAccessibleDescription(/Letters, digits.*You pay the entry when you take a seat\./);
  await seed.fill("not a seed!");
  await expect(seed).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Join seat 2" })).toBeDisabled();

  await page.goto("/battles");
  await expect(page.getByRole("heading", { level: 1, name: "Pack battles" })).toBeVisible();
  const card = page.locator(`[data-testid=battle-card][data-battle-id="${id}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText("1 v 1 · 1 round");
  await expect(card).toContainText("Lowest total wins");
  await expect(card).toContainText(displayCents(PRICE));
  await expect(card.getByTestId("battle-seats")).toHaveText("1 of 2 seats taken");
  await expect(card.getByRole("list", { name: `1 round: ${DEMO_PACK.name}` })).toBeVisible();
  await expectSoundEverywhere(page, "battle lobby");
  await snap(page, "battle-lobby");

  await card.getByRole("button", { name: "Join" }).click();
  await expect(page).toHaveURL(`/battles/${id}`);
  await expect(page.getByTestId("battle-page")).toHaveAttribute("data-status", /locked|settled/);
  await expectHeaderBalance(page, cents("30.00") - PRICE);
});

test("with motion allowed, a settled battle's rounds spin reel by reel: one reel per seat, round 1 before round 2", async ({ page }) => {
  test.setTimeout(90_000);
  const player = await signedInPlayer(page, "30.00", "battle-reels");
  const auth = { authorization: `Bearer ${player.apiKey}` };
  const created = await page.request.post("/v1/battles", {
    headers: { ...auth, "idempotency-key": `reels-${Date.now()}` },
    data: { packs: [DEMO_PACK.slug, DEMO_PACK.slug], layout: "1v1", winRule: "highest" },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/v1/battles/${id}/bots`, { headers: auth })).status()).toBe(200);

  await page.goto(`/battles/${id}`);
  await expect(page.getByTestId("battle-page")).toHaveAttribute("data-status", "settled", { timeout: 30_000 });
  const rounds = page.getByTestId("battle-rounds");
  // Round 1 spins first, a reel in each seat's column; nothing has landed in the columns yet.
  await expect(rounds).toHaveAttribute("data-revealed", "0");
  await expect(rounds.getByTestId("battle-column")).toHaveCount(2);
  await expect(rounds.getByTestId("reel")).toHaveCount(2);
  await expect(page.getByTestId("battle-draw")).toHaveCount(0);
  await expect(page.getByTestId("battle-result")).toHaveCount(0);
  // Then round 2, round 1's items under its reels, then the winner.
  await expect(rounds).toHaveAttribute("data-revealed", "1", { timeout: 15_000 });
  await expect(rounds.getByTestId("battle-draw")).toHaveCount(2);
  await expect(rounds).toHaveAttribute("data-revealed", "all", { timeout: 15_000 });
  await expect(rounds.getByTestId("reel")).toHaveCount(0);
  await expect(rounds.getByTestId("battle-column").getByTestId("battle-draw")).toHaveCount(4);
  await expect(page.getByTestId("battle-result").getByTestId("battle-winner")).toBeVisible();
});

