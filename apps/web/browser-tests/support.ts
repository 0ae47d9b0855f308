import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

// Set by playwright.config.ts: the running server's data folder, where the admin client finds
// its hand-off on the embedded database (on PostgreSQL it opens DATABASE_URL directly).
const dataDir = process.env.BROWSER_TEST_DATA_DIR;
if (!dataDir) throw new Error("BROWSER_TEST_DATA_DIR is not set: run the tests through playwright.config.ts.");
process.env.PRIZEPACKS_DATA_DIR = dataDir;

/** Setup shortcuts only (bans, verification flags, ready-made accounts); journeys use the browser. */
export async function admin(command: string, flags: Record<string, string> = {}) {
  const { runAdmin } = await import("@prizepacks/admin-cli");
  const outcome = await runAdmin(command, flags);
  return outcome.result as Record<string, string>;
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

/** Fills and submits the sign-up form; the account is created but not verified. */
export async function signUp(page: Page, email: string, password = PASSWORD, name?: string) {
  await page.goto("/sign-up");
  if (name) await page.getByLabel("Display name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await submitAuthForm(page, "Create account", "/api/auth/sign-up/email");
  await expect(page.getByRole("status")).toContainText(`We sent a verification link to ${email}`);
}

/** Sign-up, then the verification link from the outbox, which signs the player in on /. */
export async function signUpVerified(page: Page, email: string, password = PASSWORD) {
  await signUp(page, email, password);
  await followMailLink(page, email, /Verify your prizepacks e-mail/);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("header-balance")).toBeVisible();
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
// with SCREENSHOTS_TO_DOCS=1 the desktop shots of the documented pages also go to docs/screenshots/.
const root = path.resolve(import.meta.dirname, "..", "..", "..");
const shotsDir = path.join(root, "test-results", "screenshots");
const docsDir = path.join(root, "docs", "screenshots");
const DOCS_SHOTS = new Set(["fairness", "api-keys"]);
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
    if (size === "desktop" && process.env.SCREENSHOTS_TO_DOCS === "1" && DOCS_SHOTS.has(name)) {
      mkdirSync(docsDir, { recursive: true });
      copyFileSync(file, path.join(docsDir, `${name}.png`));
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
export async function signedInPlayer(page: Page, balance: string, label = "player") {
  const email = uniqueEmail(label);
  const created = await admin("user:create", { email, balance, password: PASSWORD, name: `${label} tester` });
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
