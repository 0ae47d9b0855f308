#!/usr/bin/env node
// npm test: a Chromium for the browser tests (found, or installed: scripts/browser.mjs), then
// generate, typecheck, unit, integration (database), build, end to end over HTTP and in the browser.
// Uses PostgreSQL when DATABASE_URL is set and Redis when REDIS_URL is set, else the embedded defaults.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./browser.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

function step(label, command, args) {
  console.log(`\n[test] ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: process.env });
  console.log(`[test] ${label}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

// Before any test: a run that would fail its browser step anyway stops here with the fix.
const chromium = await ensureChromium();
if (!chromium) process.exit(1);
process.env.PRIZEPACKS_CHROMIUM = chromium;
console.log(`[test] browser tests drive ${chromium}`);

const totals = { passed: 0, failed: 0, skipped: 0 };
function vitest(project) {
  const outputFile = path.join(resultsDir, `${project}.json`);
  const ok = step(`vitest ${project}`, bin("vitest"), [
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${outputFile}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (report.numTotalTests === 0) return false;
  } catch {
    totals.failed += 1;
    return false;
  }
  return ok;
}

function browser() {
  const outputFile = path.join(resultsDir, "browser.json");
  rmSync(outputFile, { force: true });
  const ok = step("browser", bin("playwright"), ["test", "-c", path.join(root, "playwright.config.ts")]);
  try {
    // Playwright's JSON report: expected = passed, unexpected = failed, flaky = passed on a retry.
    const { stats } = JSON.parse(readFileSync(outputFile, "utf8"));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (stats.expected + stats.unexpected + stats.flaky === 0) {
      console.log("[test] browser: no browser test ran");
      return false;
    }
  } catch {
    totals.failed += 1;
    return false;
  }
  return ok;
}

const steps = [
  () => step("prisma generate", "npm", ["run", "--silent", "db:generate"]),
  () => step("typecheck", bin("turbo"), ["run", "typecheck", "--output-logs=errors-only"]),
  // scripts/ (the bench, start-up) and the root configs belong to no workspace: the root tsconfig.
  () => step("typecheck scripts", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]),
  () => step("lint", bin("eslint"), [".", "--max-warnings", "0"]),
  () => step("dependency rules", bin("depcruise"), ["packages", "apps"]),
  () => step("format", bin("prettier"), ["--check", ".", "--log-level", "warn"]),
  () => vitest("unit"),
  () => vitest("integration"),
  () => step("build", bin("turbo"), ["run", "build", "--output-logs=errors-only"]),
  () => vitest("e2e"),
  () => browser(),
];

let ok = true;
for (const run of steps) {
  if (!run()) {
    ok = false;
    break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
