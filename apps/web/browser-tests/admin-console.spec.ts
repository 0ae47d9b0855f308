import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { drawTicket, findRangeForTicket, oddsHash } from "@prizepacks/fairness";
import { PASSWORD, admin, confirmInDialog, expectLayoutSound, expectNoAxeViolations, signIn, uniqueEmail } from "./support";

// The operator console: an admin authors a pack with its chances, sees the expected return and
// a simulation, publishes; a bot opens it over REST and its draw verifies against the published
// oddsHash; a second version leaves the first one's draws verifiable; the log holds both.

interface PackDetail {
  id: string;
  oddsHash: string;
  oddsVersion: number;
  items: Array<{ id: string; ticketFrom: number; ticketTo: number }>;
}

type Headers = Record<string, string>;

/** The pack detail once the API serves odds version `version` (the catalogue switches within a second). */
async function restPackAt(request: APIRequestContext, headers: Headers, slug: string, version: number): Promise<PackDetail> {
  let detail: PackDetail | null = null;
  await expect
    .poll(async () => {
      const response = await request.get(`/v1/packs/${slug}`, { headers });
      detail = response.status() === 200 ? ((await response.json()) as PackDetail) : null;
      return detail?.oddsVersion;
    })
    .toBe(version);
  return detail!;
}

/** The editor once React hydrated it (typing before that would be lost). */
async function editorReady(page: Page) {
  await expect(page.locator('.pack-editor[data-ready="true"]')).toBeVisible();
}

async function fillItem(page: Page, n: number, item: { key: string; name: string; rarity: string; value: string; chance: string }) {
  await page.getByLabel(`Item ${n} key`).fill(item.key);
  await page.getByLabel(`Item ${n} name`).fill(item.name);
  await page.getByLabel(`Item ${n} rarity`).selectOption(item.rarity);
  await page.getByLabel(`Item ${n} value`).fill(item.value);
  await page.getByLabel(`Item ${n} chance`).fill(item.chance);
}

test("an admin publishes a pack and a second odds version; draws verify against the version they used", async ({ page, request }) => {
  const adminEmail = uniqueEmail("operator");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await signIn(page, adminEmail, PASSWORD, "/admin/packs/new");
  await expect(page).toHaveURL(/\/admin\/packs\/new$/);
  // The console's own frame: its navigation, no player balance or drop strip.
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Approvals" })).toBeVisible();
  await expect(page.getByTestId("header-balance")).toHaveCount(0);
  await editorReady(page);

  const slug = `console-${randomUUID().slice(0, 8)}`;
  await page.getByLabel("Name", { exact: true }).fill("Console Test Pack");
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Price", { exact: true }).fill("10.00");
  await page.getByLabel("Category", { exact: true }).fill("TECH");
  await page.getByLabel("Description", { exact: true }).fill("Authored in the browser test.");
  await fillItem(page, 1, { key: "big", name: "Big Prize", rarity: "LEGENDARY", value: "100.00", chance: "2" });
  await page.getByRole("button", { name: "Add item" }).click();
  await fillItem(page, 2, { key: "mid", name: "Middle Prize", rarity: "RARE", value: "10.00", chance: "30" });
  await page.getByRole("button", { name: "Add item" }).click();
  await fillItem(page, 3, { key: "small", name: "Small Prize", rarity: "COMMON", value: "5.00", chance: "60" });

  // Art from the illustration set: an icon per item, drawn in its rarity; the pack's from its best items.
  await page.getByLabel("Item 1 art").fill("trophy");
  await page.getByLabel("Item 2 art").fill("gem-stone");
  await page.getByLabel("Item 3 art").fill("coin");
  await page.getByLabel("Item 2 rarity").selectOption("EPIC");
  await page.getByLabel("Item 2 rarity").selectOption("RARE");
  // In the editor: the live drop feed above it may show an earlier run's gem stone.
  await expect(page.getByRole("main").locator('img[src="/art/item/RARE/gem-stone.svg"]')).toHaveCount(1);
  await page.getByLabel("Theme", { exact: true }).fill("GOLD");
  await page.getByRole("button", { name: "From best items" }).click();
  await expect(page.getByLabel("Art", { exact: true })).toHaveValue("/art/pack/GOLD/trophy,gem-stone,coin.svg");

  // Live checks: 92% is not 100%, and publishing is refused until the chances add up.
  await expect(page.getByTestId("chance-total")).toHaveText("92%");
  await expect(page.getByTestId("draft-issues")).toContainText("they must sum to exactly 100%");
  await expect(page.getByRole("button", { name: "Publish…", exact: true })).toBeDisabled();
  await page.getByLabel("Item 3 chance").fill("68");
  await expect(page.getByTestId("chance-total")).toHaveText("100%");
  await expect(page.getByTestId("item-3-tickets")).toHaveText("32001–100000");
  // 100 × 2% + 10 × 30% + 5 × 68% = 8.40 of 10.00.
  await expect(page.getByTestId("expected-value")).toHaveText("8.40");
  await expect(page.getByTestId("rtp")).toHaveText("84.000%");
  await expect(page.getByTestId("house-edge")).toHaveText("16.000%");
  await expect(page.getByTestId("draft-ok")).toBeVisible();

  await page.getByRole("button", { name: "Simulate 100,000 openings" }).click();
  const simulation = page.getByTestId("simulation");
  await expect(simulation).toBeVisible({ timeout: 30_000 });
  await expect(simulation.getByTestId("exact-rtp")).toHaveText("84.000%");
  await expect(simulation.getByTestId("simulated-rtp")).toHaveText(/^\d+\.\d{3}%$/);
  // A player's balance over the first 200 openings, and every outcome's bar drawn (the 2 % one too).
  await expect(simulation.getByTestId("simulation-player")).toContainText("over 200 openings");
  await expect(simulation.locator(".recharts-bar-rectangle")).toHaveCount(6);
  await expect(simulation.locator(".recharts-bar-rectangle").first()).toBeVisible();

  // Publishing shows what it will publish first; a new pack is not on sale, so no extra tick.
  await page.getByRole("button", { name: "Publish…", exact: true }).click();
  await expect(page.getByTestId("publish-preview")).toContainText("84.000%");
  await page.getByRole("button", { name: "Confirm and publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/packs/${slug}$`));
  await expect(page.getByTestId("odds-version-1")).toBeVisible();

  const bot = await admin("user:create", { email: uniqueEmail("bot"), balance: "50.00" });
  const auth = { authorization: `Bearer ${bot.apiKey}` };
  const v1 = await restPackAt(request, auth, slug, 1);
  await expect(page.getByTestId("odds-version-1")).toContainText(v1.oddsHash);
  // The published hash is the canonical hash of the table the API serves.
  expect(await oddsHash(v1.items.map((item) => ({ itemId: item.id, ticketFrom: item.ticketFrom, ticketTo: item.ticketTo })))).toBe(
    v1.oddsHash,
  );

  // A bot opens it over REST.
  const first = await request.post(`/v1/packs/${slug}/open`, { headers: auth });
  expect(first.status()).toBe(200);
  const firstSpin = await first.json();
  expect(firstSpin.fairness).toMatchObject({ oddsHash: v1.oddsHash, oddsVersion: 1 });

  // A published item keeps its value and rarity: the editor says so live and offers a new key.
  await editorReady(page);
  await page.getByLabel("Item 2 value").fill("11.00");
  await expect(page.getByTestId("draft-issues")).toContainText("give the changed item a new key");
  await expect(page.getByRole("button", { name: "Publish…", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Use a new key" }).click();
  await expect(page.getByLabel("Item 2 key")).toHaveValue("mid-2");
  await expect(page.getByTestId("draft-ok")).toBeVisible();
  await page.getByLabel("Item 2 key").fill("mid");
  await page.getByLabel("Item 2 value").fill("10.00");

  // Version 2: other chances, published from the pack's page.
  await page.getByLabel("Item 1 chance").fill("1");
  await page.getByLabel("Item 3 chance").fill("69");
  await page.getByLabel("Price", { exact: true }).fill("9.00"); // 1.00 + 3.00 + 3.45 = 7.45 of 9.00
  await expect(page.getByTestId("rtp")).toHaveText("82.778%");
  // The preview: each chance's change and the return's; the pack is on sale, so a tick first.
  await page.getByRole("button", { name: "Publish…", exact: true }).click();
  const preview = page.getByTestId("publish-preview");
  await expect(preview.getByRole("row", { name: /Big Prize/ }).getByRole("cell")).toHaveText(["Big Prize big", "2", "1", "−1"]);
  await expect(preview.getByRole("row", { name: /Small Prize/ }).getByRole("cell")).toHaveText(["Small Prize small", "68", "69", "+1"]);
  await expect(preview.getByTestId("preview-rtp")).toContainText("84.000% → 82.778% (−1.222 points) · price $10.00 → $9.00");
  await expect(page.getByRole("button", { name: "Confirm and publish" })).toBeDisabled();
  await preview.getByLabel(/This pack is on sale/).check();
  await page.getByRole("button", { name: "Confirm and publish" }).click();
  await expect(page.getByTestId("odds-version-2")).toBeVisible();
  const v2 = await restPackAt(request, auth, slug, 2);
  expect(v2.oddsHash).not.toBe(v1.oddsHash);
  await expect(page.getByTestId("odds-version-2")).toContainText(v2.oddsHash);
  await expect(page.getByTestId("odds-version-1")).toContainText(v1.oddsHash);

  const second = await request.post(`/v1/packs/${slug}/open`, { headers: auth });
  expect(second.status()).toBe(200);
  expect((await second.json()).fairness).toMatchObject({ oddsHash: v2.oddsHash, oddsVersion: 2 });

  // Reveal the server seed and verify both draws, each against the table of its own version.
  expect((await request.post("/v1/fairness/rotate", { headers: auth })).status()).toBe(200);
  const history = await (await request.get("/v1/history", { headers: auth })).json();
  const spins = (history.spins as Array<{ id: string; item: { id: string }; fairness: Record<string, string | number> }>).reverse();
  expect(spins.map((spin) => spin.fairness.oddsVersion)).toEqual([1, 2]);
  for (const [index, table] of [v1, v2].entries()) {
    const spin = spins[index]!;
    const { serverSeed, clientSeed, nonce, hash, result, oddsHash: spinOddsHash } = spin.fairness;
    expect(spinOddsHash).toBe(table.oddsHash);
    const draw = await drawTicket({ serverSeed: String(serverSeed), clientSeed: String(clientSeed), nonce: Number(nonce) });
    expect(draw).toEqual({ hash, result });
    const ranges = table.items.map((item) => ({ itemId: item.id, ticketFrom: item.ticketFrom, ticketTo: item.ticketTo }));
    expect(findRangeForTicket(ranges, draw.result).itemId).toBe(spin.item.id);
  }

  // Both publications are in the admin log, by this admin.
  await page.goto(`/admin/log?action=odds.published&target=${v1.id}`);
  const rows = page.getByTestId("admin-log-entry");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(adminEmail);
  await expect(rows.nth(0)).toContainText(v2.oddsHash);
  await expect(rows.nth(1)).toContainText(v1.oddsHash);
  // By name, linked, with a before/after table: the hash changed from v1's to v2's.
  await expect(rows.nth(0).getByTestId("admin-log-target").getByRole("link")).toHaveAttribute("href", `/admin/packs/${slug}`);
  const hashRow = rows
    .nth(0)
    .getByTestId("admin-log-diff")
    .getByRole("row", { name: /^oddsHash/ });
  await expect(hashRow).toHaveAttribute("data-change", "changed");
  await expect(hashRow.getByRole("cell")).toHaveText([v1.oddsHash, `${v2.oddsHash} (changed)`]);

  // The versions page diffs v1 against v2.
  await page.goto(`/admin/packs/${slug}`);
  await page.getByRole("button", { name: "Compare" }).click();
  // Each change sized: the chance's change in points, and the return's (both at today's price, 9.00).
  const diff = page.getByTestId("odds-diff");
  await expect(diff.getByTestId("odds-diff-big")).toContainText("2% → 1%");
  await expect(diff.getByTestId("odds-diff-big")).toContainText("\u22121.000 pt");
  await expect(diff.getByTestId("odds-diff-small")).toContainText("+1.000 pt");
  await expect(diff.getByTestId("odds-diff-mid")).toContainText("same");
  await expect(diff.getByTestId("odds-diff-return")).toContainText("Return v1 93.33% → v2 82.78%: \u221210.56 points");
  await expect(diff.getByTestId("odds-diff-return")).toContainText("$8.40 → $7.45 (\u2212$0.95)");
  // Readable on a phone: nothing past the edge, nothing over anything, axe clean.
  const viewport = page.viewportSize()!;
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expectLayoutSound(page, "odds compare", { tablesMayScroll: true });
    await expectNoAxeViolations(page, `odds compare at ${width} px`);
  }
  await page.goto(`/admin/log?target=${v1.id}`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expectLayoutSound(page, "admin log with diffs");
  await expectNoAxeViolations(page, "admin log with diffs at 360 px");
  await page.setViewportSize(viewport);

  // The pack's report counts both openings: 10.00 + 9.00 of revenue.
  await page.goto(`/admin/reports?slug=${slug}`);
  await expect(page.getByTestId("report-total")).toContainText("Openings2");
  await expect(page.getByTestId("report-revenue")).toHaveText("$19.00");
  // Margin = revenue − value won, in dollars with its sign, and the formula beside it.
  await expect(page.getByTestId("report-margin")).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("margin-formula")).toContainText("margin = revenue (opening prices) − value won");
  // One player (the bot) opened it; deposits are the site's, in dollars.
  await expect(page.getByTestId("report-active-players")).toContainText(/^1 /);
  await expect(page.getByTestId("report-deposits")).toHaveText(/^\$[\d,]+\.\d{2} \(\d+\)$/);
  // Shipping is the site's too: the shipped value with its items and shipments, the fees charged, refunded and net.
  await expect(page.getByTestId("report-shipped")).toHaveText(/^\$[\d,]+\.\d{2} \(\d+ items? in \d+ shipments?\)$/);
  for (const figure of ["report-fees-charged", "report-fees-refunded", "report-fees-net"]) {
    await expect(page.getByTestId(figure)).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  }
  // The hourly view holds both openings in the last 24 hours, and the 7-day view too.
  const openingsPerHour = await page.getByTestId("report-hourly").locator("tbody tr td:nth-child(2)").allTextContents();
  expect(openingsPerHour.reduce((sum, n) => sum + Number(n), 0)).toBe(2);
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/hours=7d/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
});

const consolePages = [
  "/admin",
  "/admin/packs",
  "/admin/packs/new",
  "/admin/packs/mini-gadget-grab",
  "/admin/accounts",
  "/admin/log",
  "/admin/reports",
  "/admin/reports/upgrader",
];

test("anyone but an admin gets 403 on every console page and admin procedure; CSRF is refused", async ({ page }) => {
  // Signed out.
  for (const path of consolePages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
  }
  await expect(page.getByRole("heading", { name: "403: operators only" })).toBeVisible();
  expect((await page.request.get("/api/trpc/admin.packs.list")).status()).toBe(401);

  // A signed-in player.
  const email = uniqueEmail("player");
  await admin("user:create", { email, password: PASSWORD, balance: "5.00" });
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Console", exact: true })).toHaveCount(0);
  for (const path of consolePages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "403: operators only" })).toBeVisible();
  }
  const origin = new URL(page.url()).origin;
  const queries = ["admin.packs.list", "admin.settings.get", "admin.accounts.search", "admin.log.list", "admin.reports.get"];
  for (const name of queries) {
    const response = await page.request.get(`/api/trpc/${name}`);
    expect(response.status(), name).toBe(403);
    expect((await response.json()).error.message).toBe("This console is for operators only.");
  }
  const mutations: Array<[string, unknown]> = [
    ["admin.packs.save", { slug: "x" }],
    ["admin.packs.simulate", { slug: "x" }],
    ["admin.packs.setActive", { slug: "mini-gadget-grab", active: false }],
    ["admin.packs.archive", { slug: "mini-gadget-grab" }],
    ["admin.accounts.adjust", { userId: "x", direction: "credit", amount: "1000.00", reason: "free money" }],
    ["admin.accounts.setRole", { userId: "x", role: "admin" }],
    ["admin.settings.setRtpRange", { minPercent: "1", maxPercent: "100" }],
  ];
  for (const [name, input] of mutations) {
    const response = await page.request.post(`/api/trpc/${name}`, { headers: { origin, "content-type": "application/json" }, data: input });
    expect(response.status(), name).toBe(403);
  }
  // Not in the public REST facade.
  expect((await page.request.get("/v1/admin/packs")).status()).toBe(404);

  // An admin's mutation from a foreign origin or none is refused before it runs.
  const adminEmail = uniqueEmail("operator");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await page.context().clearCookies();
  await signIn(page, adminEmail, PASSWORD, "/admin/packs");
  await expect(page).toHaveURL(/\/admin\/packs$/);
  const foreign = await page.request.post("/api/trpc/admin.packs.setActive", {
    headers: { origin: "https://evil.example", "content-type": "application/json" },
    data: { slug: "mini-gadget-grab", active: false },
  });
  expect(foreign.status()).toBe(403);
  const noOrigin = await page.request.post("/api/trpc/admin.packs.setActive", {
    headers: { "content-type": "application/json" },
    data: { slug: "mini-gadget-grab", active: false },
  });
  expect(noOrigin.status()).toBe(403);
  const { apiKey } = await admin("user:create", { email: uniqueEmail("bot") });
  const stillOnSale = await page.request.get("/v1/packs/mini-gadget-grab", { headers: { authorization: `Bearer ${apiKey}` } });
  expect(stillOnSale.status()).toBe(200);
});

test("an admin finds an account, adjusts its balance with a reason (never below zero) and bans it after typing its e-mail", async ({
  page,
}) => {
  const adminEmail = uniqueEmail("operator");
  await admin("user:create", { email: adminEmail, password: PASSWORD });
  await admin("user:set", { email: adminEmail, role: "admin" });
  const playerEmail = uniqueEmail("adjusted");
  const player = await admin("user:create", { email: playerEmail, balance: "3.00" });

  await signIn(page, adminEmail, PASSWORD, "/admin/accounts");
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await page.getByLabel("E-mail or id").fill(playerEmail);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: playerEmail }).click();
  await expect(page.getByRole("heading", { name: playerEmail })).toBeVisible();
  await expect(page.getByTestId("admin-balance")).toHaveText("$3.00");

  // Money apart from standing: a form that asks for a reason and clears after it succeeds.
  const money = page.getByRole("region", { name: "Adjust balance" });
  await money.getByLabel("Amount ($)").fill("5.00");
  await money.getByRole("button", { name: "Credit balance" }).click();
  // Checked at the field before any request, in plain words.
  await expect(money.getByRole("alert")).toHaveText("Reason must not be empty");
  await money.getByLabel("Reason").fill("goodwill for a delayed payout");
  await money.getByRole("button", { name: "Credit balance" }).click();
  await confirmInDialog(page, "Credit $5.00");
  await expect(page.getByTestId("admin-balance")).toHaveText("$8.00");
  await expect(money.getByRole("status")).toContainText("Credited $5.00; the balance is now $8.00.");
  await expect(money.getByLabel("Amount ($)")).toHaveValue("");
  await expect(money.getByLabel("Reason")).toHaveValue("");
  await expect(page.getByRole("row", { name: /ADJUSTMENT/ }).filter({ hasNotText: "initial balance" })).toContainText(
    "goodwill for a delayed payout",
  );

  await money.getByLabel("Debit").check();
  await money.getByLabel("Amount ($)").fill("8.01");
  await money.getByLabel("Reason").fill("chargeback");
  await money.getByRole("button", { name: "Debit balance" }).click();
  await expect(page.getByRole("dialog")).toContainText("The balance is less than the debit: it will be refused.");
  await confirmInDialog(page, "Debit $8.01");
  await expect(money.getByRole("alert")).toContainText("below zero");
  await expect(page.getByTestId("admin-balance")).toHaveText("$8.00");

  // A ban asks for a reason and the account's e-mail typed back before its button works.
  const standing = page.getByRole("region", { name: "Standing and access" });
  await standing.getByRole("button", { name: "Ban…" }).click();
  const confirmation = standing.getByTestId("typed-confirmation");
  await confirmation.getByLabel("Reason").fill("chargeback fraud");
  const ban = confirmation.getByRole("button", { name: "Ban account" });
  await expect(ban).toBeDisabled();
  await confirmation.getByLabel(/to confirm/).fill("someone-else@browser.prizepacks.local");
  await expect(ban).toBeDisabled();
  await confirmation.getByLabel(/to confirm/).fill(playerEmail);
  await ban.click();
  await expect(standing.getByRole("button", { name: "Unban" })).toBeVisible();
  expect((await page.request.get("/v1/me", { headers: { authorization: `Bearer ${player.apiKey}` } })).status()).toBe(403);

  await page.goto(`/admin/log?target=${player.userId}`);
  const rows = page.getByTestId("admin-log-entry");
  // Newest first: the ban, the admin's adjustment, and the starting balance the CLI credited.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText("account.banned");
  await expect(rows.nth(0).getByTestId("admin-log-target").getByRole("link", { name: playerEmail })).toHaveAttribute(
    "href",
    `/admin/accounts/${player.userId}`,
  );
  await expect(rows.nth(1)).toContainText("wallet.adjusted");
  await expect(rows.nth(1)).toContainText(adminEmail);
  await expect(rows.nth(2)).toContainText("wallet.adjusted");
  await expect(rows.nth(2)).toContainText("initial balance");
  await expect(rows.nth(2)).not.toContainText(adminEmail);
});

/** The header's visible links and buttons as boxes, and any two of them that overlap. */
async function headerLayout(page: Page) {
  return page.getByRole("banner").evaluate((header) => {
    const controls = [...header.querySelectorAll<HTMLElement>("a, button")]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().width > 0)
      .map((element) => ({
        name: element.getAttribute("aria-label") ?? element.innerText.trim(),
        box: element.getBoundingClientRect().toJSON() as DOMRect,
      }));
    const overlapping: string[] = [];
    for (const [i, a] of controls.entries()) {
      for (const b of controls.slice(i + 1)) {
        if (a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom)
          overlapping.push(`${a.name} / ${b.name}`);
      }
    }
    const viewport = document.documentElement.clientWidth;
    return {
      names: controls.map((control) => control.name),
      overlapping,
      outside: controls.filter((control) => control.box.left < 0 || control.box.right > viewport).map((control) => control.name),
      sideways: document.documentElement.scrollWidth - viewport,
    };
  });
}

test("an admin's header: no two controls overlap and no page scrolls sideways, 360 to 1440 px", async ({ page }) => {
  const adminEmail = uniqueEmail("operator");
  // A four-digit balance and the Console link: the widest header an account gets.
  await admin("user:create", { email: adminEmail, password: PASSWORD, balance: "1234.56" });
  await admin("user:set", { email: adminEmail, role: "admin" });
  await signIn(page, adminEmail, PASSWORD, "/admin/packs");
  await expect(page).toHaveURL(/\/admin\/packs$/);

  for (const width of [360, 390, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/", "/packs/mini-gadget-grab"]) {
      await page.goto(path);
      await expect(page.getByTestId("header-balance")).toBeVisible();
      const layout = await headerLayout(page);
      expect(layout.overlapping, `${path} at ${width} px: ${layout.names.join(", ")}`).toEqual([]);
      expect(layout.outside, `${path} at ${width} px`).toEqual([]);
      expect(layout.sideways, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
    const nav = page.getByRole("navigation", { name: "Main" });
    if (width > 1024) {
      await expect(nav.getByRole("link", { name: "Console", exact: true })).toBeVisible();
    } else {
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      await expect(nav.getByRole("link", { name: "Console", exact: true })).toBeVisible();
      expect((await headerLayout(page)).overlapping).toEqual([]);
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    }
  }
});
