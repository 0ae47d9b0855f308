import { expect, test, type Locator, type Page } from "@playwright/test";
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
  await expect.poll(() => inView(page.getByTestId("battle-result")), { timeout: 3_000 }).toBe("in view");
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

/** In the window and what a tap at its centre hits (not under the sticky header or another box); "in view" or why not. */
async function inView(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.left < 0 || box.bottom > window.innerHeight || box.right > window.innerWidth)
      return `outside the window: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)} in ${window.innerWidth}×${window.innerHeight}`;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && element.contains(hit) ? "in view" : `covered by ${hit ? `${hit.tagName} ${hit.className}` : "nothing"}`;
  });
}

/** Each seat column's shown total and the sum of the items shown in it, in cents. */
async function columnTotals(page: Page): Promise<Array<{ total: number; sum: number }>> {
  return page.getByTestId("battle-column").evaluateAll((columns) =>
    columns.map((column) => {
      const text = column.querySelector("[data-testid=battle-seat-total]")?.textContent ?? "";
      const total = Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
      const sum = [...column.querySelectorAll("[data-testid=battle-draw]")].reduce(
        (cents, draw) => cents + Math.round(Number(draw.getAttribute("data-value")) * 100),
        0,
      );
      return { total, sum };
    }),
  );
}

interface PacingMark {
  atMs: number;
  revealed: string | null;
  reels: number;
  landed: number;
}

/** Records every change of the stage (round shown, reels, reels landed) from now, for the pacing checks. */
async function recordPacing(page: Page) {
  await page.evaluate(() => {
    const marks: PacingMark[] = [];
    (window as unknown as { pacing: PacingMark[] }).pacing = marks;
    const start = performance.now();
    let last = "";
    const look = () => {
      const reels = [...document.querySelectorAll("[data-testid=battle-rounds] [data-testid=reel]")];
      const mark = {
        atMs: performance.now() - start,
        revealed: document.querySelector("[data-testid=battle-rounds]")?.getAttribute("data-revealed") ?? null,
        reels: reels.length,
        landed: reels.filter((reel) => reel.getAttribute("data-landed") === "true").length,
      };
      const key = `${mark.revealed}/${mark.reels}/${mark.landed}`;
      if (key !== last) marks.push(mark);
      last = key;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

// Issue #36 item 4: seats as fixed columns, the round's reels and the winner's banner in view,
// running totals, rounds of at most 4 s, Skip, and a verb that agrees with every seat and team.
const STAGES = [
  { width: 360, layout: "2v2", seats: 4, winner: /^(Your team wins|Team 2 wins) with \$[\d,]+\.\d{2} \((You|Bot \d) & Bot \d\)/ },
  { width: 390, layout: "1v1v1v1", seats: 4, winner: /^(You win|Bot [234] wins) with \$[\d,]+\.\d{2}/ },
  { width: 1440, layout: "1v1v1", seats: 3, winner: /^(You win|Bot [23] wins) with \$[\d,]+\.\d{2}/ },
] as const;

for (const stage of STAGES) {
  test(`at ${stage.width} px a ${stage.layout} battle plays on one stage: reels and banner in view, running totals, rounds in turn`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const viewport = LAYOUT_WIDTHS.find(({ width }) => width === stage.width)!;
    await page.setViewportSize(viewport);
    const player = await signedInPlayer(page, "30.00", `stage-${stage.width}`);
    const created = await page.request.post("/v1/battles", {
      headers: { authorization: `Bearer ${player.apiKey}`, "idempotency-key": `stage-${stage.width}-${Date.now()}` },
      data: { packs: [DEMO_PACK.slug, DEMO_PACK.slug, DEMO_PACK.slug], layout: stage.layout, winRule: "highest" },
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/battles/${id}`);
    await recordPacing(page);
    await page.getByTestId("battle-fill-bots").click();
    // Until its beacon round is published the page says which round it waits for, in view.
    await expect(page.getByTestId("battle-waiting")).toContainText(/Waiting for beacon round \d+/);

    const rounds = page.getByTestId("battle-rounds");
    await expect(rounds).toHaveAttribute("data-revealed", "0", { timeout: 30_000 });
    await expect(rounds.getByTestId("battle-column")).toHaveCount(stage.seats);
    const reels = rounds.getByTestId("reel");
    await expect(reels).toHaveCount(stage.seats);
    // Four seats on a phone: two rows of two columns; on a desktop, every seat in one row.
    const rows = new Set(
      await rounds
        .getByTestId("battle-column")
        .evaluateAll((columns) => columns.map((column) => Math.round(column.getBoundingClientRect().top))),
    );
    expect(rows.size).toBe(stage.width < 640 && stage.seats === 4 ? 2 : 1);
    for (const reel of await reels.all()) await expect.poll(() => inView(reel), { timeout: 3_000 }).toBe("in view");
    await expectLayoutSound(page, `${stage.layout} battle, round 1 spinning`);
    // The configured pace: a round's reels and the pause after them in at most 4 s.
    expect(Number(await rounds.getAttribute("data-round-ms"))).toBeLessThanOrEqual(4_000);

    // Round 2: round 1's items in the columns, each seat's total the sum of them.
    await expect(rounds).toHaveAttribute("data-revealed", "1", { timeout: 15_000 });
    for (const reel of await reels.all()) await expect.poll(() => inView(reel), { timeout: 3_000 }).toBe("in view");
    let totals = await columnTotals(page);
    expect(totals).toHaveLength(stage.seats);
    for (const { total, sum } of totals) {
      expect(sum).toBeGreaterThan(0);
      expect(total).toBe(sum);
    }

    await expect(rounds).toHaveAttribute("data-revealed", "all", { timeout: 20_000 });
    const banner = page.getByTestId("battle-result");
    await expect.poll(() => inView(banner), { timeout: 3_000 }).toBe("in view");
    await expect(banner.getByTestId("battle-winner")).toHaveText(stage.winner);
    for (const payout of await banner.getByTestId("battle-payout").all())
      await expect(payout).toContainText(/^(You take|Bot \d takes) \$[\d,]+\.\d{2} in \d+ items?/);
    totals = await columnTotals(page);
    for (const { total, sum } of totals) expect(total).toBe(sum);
    await expect(rounds.getByTestId("battle-draw")).toHaveCount(3 * stage.seats);

    // Each round started only once the one before had landed in every column.
    const marks = await page.evaluate(() => (window as unknown as { pacing: PacingMark[] }).pacing);
    const started = (round: number) => marks.find((mark) => mark.revealed === String(round - 1) && mark.reels === stage.seats);
    const landed = (round: number) => marks.find((mark) => mark.revealed === String(round - 1) && mark.landed === stage.seats);
    for (const round of [1, 2, 3]) expect(landed(round)!.atMs).toBeGreaterThan(started(round)!.atMs);
    for (const round of [2, 3]) expect(started(round)!.atMs).toBeGreaterThan(landed(round - 1)!.atMs);
    const seconds = (ms: number) => (ms / 1_000).toFixed(2);
    test.info().annotations.push({
      type: "pacing",
      description: `Fill with bots to the first reel ${seconds(started(1)!.atMs)} s; rounds start at ${[1, 2, 3].map((round) => seconds(started(round)!.atMs)).join(", ")} s; result at ${seconds(marks.find((mark) => mark.revealed === "all")!.atMs)} s`,
    });

    await expectLayoutSound(page, `${stage.layout} battle settled`);
    await expectNoAxeViolations(page, `${stage.layout} battle settled at ${stage.width} px`);
    await snap(page, `battle-stage-${stage.layout}`);
  });
}

test("Skip (the button, or Esc) shows every round at once, with the totals and the winner's banner in view", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(LAYOUT_WIDTHS[0]);
  const player = await signedInPlayer(page, "40.00", "battle-skip");
  const auth = { authorization: `Bearer ${player.apiKey}` };
  for (const skip of ["button", "Escape"] as const) {
    const created = await page.request.post("/v1/battles", {
      headers: { ...auth, "idempotency-key": `skip-${skip}-${Date.now()}` },
      data: { packs: [DEMO_PACK.slug, DEMO_PACK.slug, DEMO_PACK.slug], layout: "1v1", winRule: "highest" },
    });
    expect(created.status()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/v1/battles/${id}/bots`, { headers: auth })).status()).toBe(200);

    await page.goto(`/battles/${id}`);
    const rounds = page.getByTestId("battle-rounds");
    await expect(rounds).toHaveAttribute("data-revealed", "0", { timeout: 30_000 });
    if (skip === "button") await page.getByTestId("battle-skip").click();
    else await page.keyboard.press("Escape");
    await expect(rounds).toHaveAttribute("data-revealed", "all");
    await expect(rounds.getByTestId("reel")).toHaveCount(0);
    await expect(rounds.getByTestId("battle-draw")).toHaveCount(6);
    await expect.poll(() => inView(page.getByTestId("battle-result")), { timeout: 3_000 }).toBe("in view");
    const battle = (await (await page.request.get(`/v1/battles/${id}`, { headers: auth })).json()) as { totals: string[] };
    const totals = await columnTotals(page);
    expect(totals.map(({ total }) => total)).toEqual(battle.totals.map((total) => cents(total)));
    for (const { total, sum } of totals) expect(total).toBe(sum);
  }
});

test("the live-drop feed shows nothing of a battle while its rounds are revealed", async ({ page }) => {
  // A battle's draws are not drops (the feed is pack openings); the feed also holds whatever
  // arrives in this tab while the rounds spin, so nothing on the page can tell a round early.
  test.setTimeout(90_000);
  const player = await signedInPlayer(page, "30.00", "feedhold");
  const auth = { authorization: `Bearer ${player.apiKey}` };
  const created = await page.request.post("/v1/battles", {
    headers: { ...auth, "idempotency-key": `feedhold-${Date.now()}` },
    data: { packs: [DEMO_PACK.slug, DEMO_PACK.slug], layout: "1v1", winRule: "highest" },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/battles/${id}`);
  await expect(page.getByTestId("drop-ticker")).toHaveAttribute("data-live", "true");
  const feed = () => page.getByTestId("drop-age").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  const feedBefore = await feed();

  await page.getByTestId("battle-fill-bots").click();
  const rounds = page.getByTestId("battle-rounds");
  await expect(rounds).toHaveAttribute("data-revealed", "0", { timeout: 30_000 });
  expect(await feed(), "the feed while round 1 spins").toEqual(feedBefore);
  await expect(rounds).toHaveAttribute("data-revealed", "1", { timeout: 15_000 });
  expect(await feed(), "the feed while round 2 spins").toEqual(feedBefore);
  await expect(rounds).toHaveAttribute("data-revealed", "all", { timeout: 15_000 });
  await expect(page.getByTestId("drop").filter({ hasText: "F***" })).toHaveCount(0);
});
