// Browser end-to-end tests (apps/web/browser-tests) in Chromium (scripts/browser.mjs finds it) against the built app,
// started with the project's own start command. Run: ./node_modules/.bin/playwright test
// (npm test runs it after the build). PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set,
// the embedded database otherwise; tests make their own accounts and never reset the database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/browser.mjs";
import { TEST_TRANSPARENCY_LOG_KEY } from "./apps/web/tests/test-log-key.ts";

// Tests write accounts into DATABASE_URL: like the other suites, only into a database on this machine.
if (process.env.DATABASE_URL) {
  const host = new URL(process.env.DATABASE_URL).hostname;
  if (!["localhost", "127.0.0.1", "::1", "[::1]", ""].includes(host)) {
    throw new Error(`Refusing to run browser tests against non-local database host "${host}".`);
  }
}

// npm test has found or installed one (PRIZEPACKS_CHROMIUM); a direct run looks for itself.
const chromium = process.env.PRIZEPACKS_CHROMIUM || (await findChromium());
if (!chromium)
  throw new Error("No Chromium for the browser tests: run `npm test` (it installs one) or `sudo apt-get install -y chromium`.");
process.env.PRIZEPACKS_CHROMIUM = chromium;

const port = Number(process.env.BROWSER_TEST_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

// The config is loaded by the runner and again by every worker; workers inherit the runner's
// environment, so the data folder and rate-limit namespace are chosen once, in the runner.
if (!process.env.BROWSER_TEST_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "prizepacks-browser-"));
  process.env.BROWSER_TEST_DATA_DIR = dataDir;
  process.env.BROWSER_TEST_RATE_LIMIT_PREFIX = `browser-${port}-${Date.now()}`;
  // The server is stopped before the runner exits, so its data can go then.
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.BROWSER_TEST_DATA_DIR;

const alone = ["**/admin-money.spec.ts", "**/player-open.spec.ts"];

export default defineConfig({
  testDir: "apps/web/browser-tests",
  testMatch: "**/*.spec.ts",
  // One worker: on a 2-core machine that also runs the server, a second Chromium made the suite
  // 2.3 times slower (1,350 s against 598 s in a clean-clone run), not faster.
  workers: 1,
  fullyParallel: false,
  projects: [
    { name: "browser", testIgnore: alone },
    // After the others, one at a time: these watch what all players share (a pack's open count,
    // the automatic withdrawal approval that the withdrawal journeys rely on being off).
    { name: "browser-alone", testMatch: alone, dependencies: ["browser"], workers: 1 },
  ],
  // No retries: a test that fails once is a failure to find the cause of.
  retries: 0,
  forbidOnly: true,
  // A long journey (the console's publish and verify, with axe on every page) took over a minute
  // on a busy machine: the bound is for a hang, not a speed target.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: "test-results/browser.json" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: process.env.BROWSER_TEST_SERVER_LOG ? "pipe" : "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(port),
      PRIZEPACKS_SKIP_BUILD: "1",
      PRIZEPACKS_DATA_DIR: dataDir,
      TRANSPARENCY_LOG_KEY: process.env.TRANSPARENCY_LOG_KEY ?? TEST_TRANSPARENCY_LOG_KEY,
      BETTER_AUTH_URL: baseURL,
      // Stopped by SIGTERM with no load balancer in front: drain at once.
      SHUTDOWN_DELAY_SECONDS: "0",
      // One process: the specs' servers as the e2e tests' (workers are tested in apps/web/tests/workers.e2e.test.ts).
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_PREFIX: process.env.BROWSER_TEST_RATE_LIMIT_PREFIX!,
      // Webhook receivers on loopback (demo mode's development flag; see webhooks.spec.ts).
      WEBHOOKS_ALLOW_PRIVATE_TARGETS: "true",
      // Every page of every test holds a drop feed (one EventSource per tab), all from 127.0.0.1:
      // far more than one visitor would open. Raised here only; production keeps its defaults.
      RATE_LIMIT_DROPS_PER_MINUTE: "100000",
      DROP_STREAMS_PER_ADDRESS: "1000",
      // Likewise every sign-in and sign-up of the suite comes from 127.0.0.1.
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
      // A payout destination usable as soon as it is confirmed (demo mode only; 24 h elsewhere), so one
      // journey adds one and withdraws to it (withdrawal-journey.spec.ts).
      PAYOUT_DESTINATION_DELAY_HOURS: "0",
    },
  },
});
