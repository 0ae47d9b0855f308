import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

// Set by playwright.config.ts: the running server's data folder, where the admin client finds
// its hand-off on the embedded database (on PostgreSQL it opens DATABASE_URL directly).
const dataDir = process.env.BROWSER_TEST_DATA_DIR;
if (!dataDir) throw new Error("BROWSER_TEST_DATA_DIR is not set: run the tests through playwright.config.ts.");
process.env.PRIZEPACKS_DATA_DIR = dataDir;

/** The server playwright.config.ts started. */
const serverUrl = `http://127.0.0.1:${process.env.BROWSER_TEST_PORT ?? 3210}`;

/**
 * Whether a test's account has answered the prompts a licence requires (#37): the safer-play page
 * before the first paid play and the deposit-limit prompt at the first deposit. "answered" (the
 * default) is an account that has seen both, so a test about something else opens and deposits
 * without them; "due" leaves them to the browser (licence-prompts.spec.ts).
 */
export type LicencePromptsState = "answered" | "due";

/**
 * Setup shortcuts only (bans, verification flags, ready-made accounts); journeys use the browser.
 * An account made by user:create has answered the licence prompts unless `licencePrompts: "due"`.
 */
export async function admin(
  command: string,
  flags: Record<string, unknown> = {},
  { licencePrompts = "answered" }: { licencePrompts?: LicencePromptsState } = {},
) {
  const { runAdmin } = await import("@prizepacks/admin-cli");
  const outcome = await runAdmin(command, flags);
  const result = outcome.result as Record<string, string>;
  if (command === "user:create" && licencePrompts === "answered" && result.apiKey) await answerLicencePromptsWithKey(result.apiKey);
  return result;
}

/** Acknowledges the safer-play page and skips the deposit-limit prompt for a key's account, as a bot's owner does over REST. */
export async function answerLicencePromptsWithKey(apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const answers = await Promise.all([
    fetch(`${serverUrl}/v1/me/safer-play/acknowledgement`, { method: "POST", headers }),
    fetch(`${serverUrl}/v1/me/prompts/deposit-limit`, { method: "POST", headers, body: JSON.stringify({ answer: "skipped" }) }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
}

/** The same for the player signed in on `page` (on a page of ours), through the web app's own procedures. */
export async function answerLicencePrompts(page: Page) {
  const statuses = await page.evaluate(async () => {
    const post = (path: string, body?: unknown) =>
      fetch(`/api/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }).then((response) => response.status);
    return Promise.all([post("me.prompts.acknowledgeSaferPlay"), post("me.prompts.answerDepositLimit", { answer: "skipped" })]);
  });
  expect(statuses).toEqual([200, 200]);
}

export const uniqueEmail = (label = "player") => `${label}-${randomUUID().slice(0, 8)}@browser.prizepacks.local`;
export const PASSWORD = "correct-horse-42";

/** An active demo-catalog pack (never deactivated by tests): cheap, so a fresh deposit covers it. */
export const DEMO_PACK = { slug: "budget-tech-drop", name: "Budget Tech Drop", price: "4.99" };

/** Money strings ("4.99", "-4.99", "1,234.50", "$4.99") as integer cents, so sums are exact. */
export function cents(text: string): number {
  const match = /(-)?\s*[^\d-]*([\d,]+)\.(\d{2})/.exec(text.trim());
  if (!match) throw new Error(`not a money amount: "${text}"`);
  const value = Number(match[2]!.replace(/,/g, "")) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}
export const formatCents = (value: number) =>
  `${value < 0 ? "-" : ""}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, "0")}`;

/** The header's wallet balance as cents. */
export async function headerBalance(page: Page): Promise<number> {
  return cents(await page.getByTestId("header-balance").innerText());
}

export async function expectHeaderBalance(page: Page, expected: number) {
  await expect(page.getByTestId("header-balance")).toContainText(formatCents(expected));
}

/** The newest outbox mail to `email` with a subject matching `subject`: follows its link. */
export async function followMailLink(page: Page, email: string, subject: RegExp) {
  await page.goto("/dev/outbox");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ hasText: `To: ${email}` })
    .filter({ hasText: subject })
    .first();
  await expect(mail).toBeVisible();
  await mail.getByRole("link", { name: "Open the link" }).click();
}

/**
 * Clicks the form's submit button and returns better-auth's answer. Auth requests are limited
 * per client address (RATE_LIMIT_AUTH_PER_MINUTE, raised for this suite in playwright.config.ts)
 * and every test comes from 127.0.0.1: on a 429 this waits as long as the server asks (up to
 * a minute), like a person would, and submits again.
 */
async function submitAuthForm(page: Page, button: string, endpoint: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === endpoint && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: button, exact: true }).click();
    const response = await answer;
    const seconds = Number(response.headers()["retry-after"] ?? "10");
    // A longer wait is an account's failed sign-ins (15 minutes): the test means to see that.
    if (response.status() !== 429 || attempt === 3 || seconds > 60) return response;
    await page.waitForTimeout((Number.isFinite(seconds) ? seconds : 10) * 1000 + 250);
  }
}

/** The page's own alert (Next.js adds an empty role="alert" route announcer outside <main>). */
export const alertOf = (page: Page) => page.getByRole("main").getByRole("alert");

/** A date of birth well over any MINIMUM_AGE. */
export const ADULT_DATE_OF_BIRTH = "17/04/1990";

/** Fills the sign-up form and submits it; better-auth's answer (or ours, a refusal). */
export async function submitSignUp(page: Page, email: string, { password = PASSWORD, name = "", dateOfBirth = ADULT_DATE_OF_BIRTH } = {}) {
  await page.goto("/sign-up");
  if (name) await page.getByLabel("Display name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Date of birth").fill(dateOfBirth);
  return submitAuthForm(page, "Create account", "/api/auth/sign-up/email");
}

/** Fills and submits the sign-up form; the account is created but not verified. */
export async function signUp(page: Page, email: string, password = PASSWORD, name?: string) {
  await submitSignUp(page, email, { password, name });
  await expect(page.getByRole("status")).toContainText(`We sent a verification link to ${email}`);
}

/**
 * Sign-up, then the verification link from the outbox, which signs the player in on /. The
 * licence prompts are answered then (behind the page's back) unless `licencePrompts: "due"`.
 */
export async function signUpVerified(
  page: Page,
  email: string,
  password = PASSWORD,
  { licencePrompts = "answered" }: { licencePrompts?: LicencePromptsState } = {},
) {
  await signUp(page, email, password);
  await followMailLink(page, email, /Verify your prizepacks e-mail/);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-balance")).toBeVisible();
  if (licencePrompts === "answered") await answerLicencePrompts(page);
}

export async function signIn(page: Page, email: string, password = PASSWORD, next?: string) {
  await page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  return submitAuthForm(page, "Sign in", "/api/auth/sign-in/email");
}

export async function hasSessionCookie(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name.includes("session_token"));
}

// Screenshots of the main pages at phone and desktop sizes, into test-results/screenshots/;
// with SCREENSHOTS_TO_DOCS=1 those of the documented pages also go to docs/screenshots/
// (<name>.png for the desktop, <name>-phone.png for the phone).
const root = path.resolve(import.meta.dirname, "..", "..", "..");
const shotsDir = path.join(root, "test-results", "screenshots");
const docsDir = path.join(root, "docs", "screenshots");
const DOCS_SHOTS = new Set(["fairness", "api-keys", "battle-settled"]);
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

export async function snap(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  const original = page.viewportSize();
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    // From the top: a full-page shot of a scrolled page paints the sticky header mid-page.
    await page.evaluate(async () => {
      window.scrollTo({ top: 0, left: 0, behavior: "instant" });
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const file = path.join(shotsDir, `${name}-${size}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
    if (process.env.SCREENSHOTS_TO_DOCS === "1" && DOCS_SHOTS.has(name)) {
      mkdirSync(docsDir, { recursive: true });
      copyFileSync(file, path.join(docsDir, size === "desktop" ? `${name}.png` : `${name}-phone.png`));
    }
  }
  if (original) await page.setViewportSize(original);
}

/** "$1,234.50" / "-$4.99" for integer cents: how the app shows money. */
export const displayCents = (value: number) => {
  const absolute = Math.abs(value);
  return `${value < 0 ? "-" : ""}$${Math.floor(absolute / 100).toLocaleString("en-US")}.${String(absolute % 100).padStart(2, "0")}`;
};

/** A ready-made account with `balance`, signed in on `page` (a setup shortcut; journeys sign up in the browser). */
export async function signedInPlayer(
  page: Page,
  balance: string,
  label = "player",
  { licencePrompts = "answered" }: { licencePrompts?: LicencePromptsState } = {},
) {
  const email = uniqueEmail(label);
  const created = await admin("user:create", { email, balance, password: PASSWORD, name: `${label} tester` }, { licencePrompts });
  await signIn(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  return { email, apiKey: created.apiKey! };
}

/**
 * One screenshot of what is on screen now, animations left running (a reel mid-spin), into
 * test-results/screenshots/ and, with SCREENSHOTS_TO_DOCS=1, docs/screenshots/.
 */
export async function snapView(page: Page, name: string, options: { clip?: { x: number; y: number; width: number; height: number } } = {}) {
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file, caret: "hide", ...options });
  if (process.env.SCREENSHOTS_TO_DOCS === "1") {
    mkdirSync(docsDir, { recursive: true });
    copyFileSync(file, path.join(docsDir, `${name}.png`));
  }
}

/** Phone, the common phone and the desktop the issue was tried at. */
export const LAYOUT_WIDTHS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

interface LayoutReport {
  innerWidth: number;
  scrollWidth: number;
  /** Elements reaching past the right edge (when the page overflows), outermost first. */
  wide: string[];
  /** Pairs of visible interactive controls whose boxes overlap (neither inside the other). */
  overlaps: string[];
  /** Tables wider than the box that shows them (a column cut off). */
  clippedTables: string[];
}

/**
 * The page as it is now, at its current size: nothing wider than the window (the document does
 * not scroll sideways and no fixed bar pokes out), no two visible controls (links, buttons,
 * inputs, selects, summaries) drawn over each other, no table cut off by its box. Visible means
 * what a player sees: boxes clipped by every scrolling or clipping ancestor, hidden and
 * visually-hidden (1 px) ones left out. Shared by every UI spec; `state` names the page in failures.
 * `tablesMayScroll`: a table may be wider than its box when that box scrolls (the console).
 */
export async function expectLayoutSound(page: Page, state: string, { tablesMayScroll = false }: { tablesMayScroll?: boolean } = {}) {
  const report = await page.evaluate((): LayoutReport => {
    const innerWidth = window.innerWidth;
    const describe = (element: Element) => {
      const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const id = element.id ? `#${element.id}` : "";
      const cls = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      return `${element.tagName.toLowerCase()}${id}${cls}${label ? ` "${label}"` : ""}`;
    };
    /** The part of a box of the element a player can see: cut by every clipping ancestor, or null. */
    const visibleBox = (element: Element, box: DOMRect = element.getBoundingClientRect()) => {
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") return null;
      let { left, top, right, bottom } = box;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (parentStyle.display === "none" || parentStyle.visibility === "hidden") return null;
        if (parentStyle.overflowX !== "visible" || parentStyle.overflowY !== "visible") {
          const clip = parent.getBoundingClientRect();
          if (parentStyle.overflowX !== "visible") [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
          if (parentStyle.overflowY !== "visible") [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
        }
        if (parentStyle.position === "fixed") break;
      }
      // 2 px and less: the visually-hidden pattern, or nothing at all.
      if (right - left <= 2 || bottom - top <= 2) return null;
      return { left, top, right, bottom };
    };

    const scrollWidth = document.documentElement.scrollWidth;
    const wide: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = visibleBox(element);
      if (!box || box.right <= innerWidth + 0.5) continue;
      if (wide.some((known) => known === describe(element.parentElement ?? element))) continue;
      wide.push(describe(element));
      if (wide.length >= 8) break;
    }

    /** The fixed or sticky box the element rides in (a header, a bottom bar), or null. */
    const pinnedBox = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node;
      }
      return null;
    };
    // An open modal dialog makes the rest of the page inert: only its own controls count.
    const scope = document.querySelector("dialog:modal") ?? document;
    const controls = [
      ...scope.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=link], [tabindex]:not([tabindex='-1'])",
      ),
    ]
      // A link that wraps onto two lines is two boxes (its bounding box would cover its neighbours).
      .map((element) => ({
        element,
        boxes: [...element.getClientRects()].map((box) => visibleBox(element, box)).filter((box) => box !== null),
      }))
      .filter((control) => control.boxes.length > 0);
    const overlaps: string[] = [];
    for (const [index, a] of controls.entries()) {
      for (const b of controls.slice(index + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // A label's own input under it (a chip, a switch) is one control.
        if (a.element.closest("label") && a.element.closest("label") === b.element.closest("label")) continue;
        // Page content scrolls under a sticky header or a fixed bar by design; within one, nothing may overlap.
        if (pinnedBox(a.element) !== pinnedBox(b.element)) continue;
        const overlap = a.boxes.some((boxA) =>
          b.boxes.some((boxB) => {
            const width = Math.min(boxA.right, boxB.right) - Math.max(boxA.left, boxB.left);
            const height = Math.min(boxA.bottom, boxB.bottom) - Math.max(boxA.top, boxB.top);
            return width > 1 && height > 1;
          }),
        );
        if (overlap) overlaps.push(`${describe(a.element)} × ${describe(b.element)}`);
      }
    }

    const clippedTables = [...document.querySelectorAll("table")]
      .filter((table) => visibleBox(table) && table.parentElement && table.scrollWidth > table.parentElement.clientWidth + 1)
      .map(describe);
    return { innerWidth, scrollWidth, wide, overlaps, clippedTables };
  });
  expect
    .soft(report.scrollWidth, `${state} at ${report.innerWidth} px: page wider than the window (${report.wide.join("; ")})`)
    .toBeLessThanOrEqual(report.innerWidth);
  expect.soft(report.wide, `${state} at ${report.innerWidth} px: elements past the right edge`).toEqual([]);
  expect.soft(report.overlaps, `${state} at ${report.innerWidth} px: overlapping controls`).toEqual([]);
  // The console's dense tables (ledger, log, item editor) scroll inside a focusable box on a phone.
  if (!tablesMayScroll) expect.soft(report.clippedTables, `${state} at ${report.innerWidth} px: tables cut off`).toEqual([]);
}

/** axe finds nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page, state: string) {
  // axe reads the settled page. Once in CI, right after a save's router refresh, it found no
  // <title> (not reproduced with a slowed CPU and network: likely a load still under way). A page
  // that never gets a title still fails, here.
  await page.waitForLoadState("load");
  await expect(page, `${state} has a title`).toHaveTitle(/\S/);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
}

/**
 * Every control on the page can be brought into view and tapped: each one scrolled to the middle
 * of the window, or as far as the page goes (the footer's links come last), is what a tap at its
 * centre hits, not a fixed bar drawn over it. The bars' own controls are left out; the page is
 * scrolled back to the top afterwards.
 */
export async function expectControlsReachable(page: Page, state: string) {
  const covered = await page.evaluate(() => {
    const describe = (element: Element) => {
      const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : "";
      return `${element.tagName.toLowerCase()}${cls}${label ? ` "${label}"` : ""}`;
    };
    const pinned = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const { position } = getComputedStyle(node);
        if (position === "fixed" || position === "sticky") return true;
      }
      return false;
    };
    const found: string[] = [];
    for (const control of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary")) {
      if (pinned(control) || getComputedStyle(control).visibility === "hidden") continue;
      const before = control.getBoundingClientRect();
      if (before.width <= 2 || before.height <= 2) continue; // not shown, or visually hidden
      if (before.bottom + window.scrollY <= 0 || before.right + window.scrollX <= 0) continue; // off the page until focused (the skip link)
      control.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      // A link wrapped onto two lines: the middle of its first line, not of the box around both.
      const box = control.getClientRects()[0] ?? control.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const label = control.closest("label");
      if (hit && (control.contains(hit) || (label !== null && hit.closest("label") === label))) continue;
      found.push(`${describe(control)} under ${hit ? describe(hit) : "nothing"}`);
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return found;
  });
  expect.soft(covered, `${state} at ${page.viewportSize()?.width} px: controls a tap cannot reach`).toEqual([]);
}

/**
 * The console's confirmation (ui/confirm-dialog.tsx): the one open dialog, with its action
 * button named `action`; presses it and waits for the dialog to close. Returns nothing: what the
 * action did is for the caller to check.
 */
export async function confirmInDialog(page: Page, action: string | RegExp) {
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: action, exact: typeof action === "string" }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * The player completes the demo identity check from the wallet's "Identity check" section (one
 * click: in demo mode the check is verified by the call that starts it), as every withdrawal
 * needs a verified identity (#37).
 */
export async function completeDemoCheck(page: Page) {
  await page.goto("/wallet#verification");
  const section = page.getByRole("region", { name: "Identity check" });
  await section.getByRole("button", { name: "Verify your identity" }).click();
  await expect(section.getByTestId("verification-status")).toHaveText("Verified (demo check: no identity was verified)");
  await expect(page.getByTestId("withdraw-needs-verification")).toHaveCount(0);
}
