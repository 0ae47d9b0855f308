// The Chromium the browser tests drive. npm test calls ensureChromium() before any test runs;
// playwright.config.ts reads the path it chose (PRIZEPACKS_CHROMIUM) or finds one itself.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Where Debian, Ubuntu and most distributions put a Chromium or Chrome. */
const SYSTEM_CHROMIUMS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own Chromium, where `playwright install chromium` put it (null if absent). */
async function playwrightChromium() {
  const { chromium } = await import("playwright-core");
  const file = chromium.executablePath();
  return file && executable(file) ? file : null;
}

/**
 * A Chromium to drive, or null: PRIZEPACKS_CHROMIUM when set (it must exist), else Playwright's
 * own, else a system one.
 */
export async function findChromium() {
  const chosen = process.env.PRIZEPACKS_CHROMIUM;
  if (chosen) return executable(chosen) ? chosen : null;
  return (await playwrightChromium()) ?? SYSTEM_CHROMIUMS.find(executable) ?? null;
}

function run(command, args, { quiet = false } = {}) {
  console.log(`[browser] ${command} ${args.join(" ")}`);
  const stdio = ["ignore", quiet ? "ignore" : "inherit", "inherit"];
  return spawnSync(command, args, { cwd: root, stdio, env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
}

/**
 * Finds a Chromium or installs one: Playwright's download where it is reachable, else Debian's
 * package through apt when running as root. Returns its path, or null after printing the one
 * command that would install it.
 */
export async function ensureChromium() {
  const found = await findChromium();
  if (found) return found;
  if (process.env.PRIZEPACKS_CHROMIUM) {
    console.error(`[browser] PRIZEPACKS_CHROMIUM=${process.env.PRIZEPACKS_CHROMIUM} is not an executable file.`);
    return null;
  }
  console.log("[browser] no Chromium found; installing one for the browser tests");
  if (run(path.join(root, "node_modules", ".bin", "playwright"), ["install", "chromium"])) {
    const installed = await playwrightChromium();
    if (installed) return installed;
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && apt) {
    console.log("[browser] Playwright's download is unreachable; installing Debian's chromium with apt-get");
    if (run("apt-get", ["update", "-qq"]) && run("apt-get", ["install", "-y", "-qq", "chromium"], { quiet: true })) {
      const installed = SYSTEM_CHROMIUMS.find(executable);
      if (installed) return installed;
    }
  }
  const command = apt ? "sudo apt-get install -y chromium" : "npx playwright install chromium";
  console.error(
    `[browser] No Chromium for the browser tests: run \`${command}\` (or set PRIZEPACKS_CHROMIUM to a Chromium), then npm test again.`,
  );
  return null;
}
