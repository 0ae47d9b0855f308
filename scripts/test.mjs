#!/usr/bin/env node
// npm test: a Chromium for the browser tests (found, or installed: scripts/browser.mjs), then
// generate and the unit tests; the checks (typecheck, lint, format) and the build; the integration
// tests; end to end over HTTP and in the browser. One step at a time: on two cores, the checks run
// beside the integration tests took 427 s and those tests 290 s, against 340 s for both in turn.
// Uses PostgreSQL when DATABASE_URL is set and Redis when REDIS_URL is set, else the embedded defaults.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./browser.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const resultsDir = path.join(root, "test-results");
mkdirSync(resultsDir, { recursive: true });

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step, its output straight to the terminal. */
function step(label, command, args) {
  console.log(`\n[test] ${label}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    child.on("close", (code) => {
      const ok = code === 0;
      console.log(`[test] ${label}: ${ok ? "ok" : "FAILED"} in ${seconds(started)}`);
      if (!ok) failedSteps.push(label);
      resolve(ok);
    });
  });
}

// Before any test: a run that would fail its browser step anyway stops here with the fix.
const chromium = await ensureChromium();
if (!chromium) process.exit(1);
process.env.PRIZEPACKS_CHROMIUM = chromium;
console.log(`[test] browser tests drive ${chromium}`);

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Skipped tests by file, with the reason a run here skips them. */
const skippedFiles = new Map();

/** Vitest projects (vitest.config.ts) as one step, named after the first. */
async function vitest(projects) {
  const [project] = projects;
  const outputFile = path.join(resultsDir, `${project}.json`);
  rmSync(outputFile, { force: true });
  const ok = await step(`vitest ${project}`, bin("vitest"), [
    "run",
    ...projects.flatMap((name) => ["--project", name]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${outputFile}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults) {
      const skipped = file.assertionResults.filter((test) => test.status === "pending" || test.status === "skipped").length;
      if (skipped) skippedFiles.set(path.relative(root, file.name), skipped);
    }
    if (report.numTotalTests === 0) {
      failedSteps.push(`vitest ${project} (no test ran)`);
      return false;
    }
  } catch {
    totals.failed += 1;
    failedSteps.push(`vitest ${project} (no report)`);
    return false;
  }
  return ok;
}

async function browser() {
  const outputFile = path.join(resultsDir, "browser.json");
  rmSync(outputFile, { force: true });
  const ok = await step("browser", bin("playwright"), ["test", "-c", path.join(root, "playwright.config.ts")]);
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

const started = Date.now();
// [name, run]: one after another, stopping at the first that fails (the rest are named as not run).
const steps = [
  ["prisma generate", () => step("prisma generate", "npm", ["run", "--silent", "db:generate"])],
  // First: the unit tests keep Vitest's 5 s timeout, which a busy core would not.
  ["vitest unit", () => vitest(["unit"])],
  ["typecheck", () => step("typecheck", bin("turbo"), ["run", "typecheck", "--output-logs=errors-only"])],
  // scripts/ (the bench, start-up) and the root configs belong to no workspace: the root tsconfig.
  ["typecheck scripts", () => step("typecheck scripts", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"])],
  // Typed rules hold every workspace's program at once: past Node's default heap (4 GiB here) since the monitor's workspace.
  [
    "lint",
    () =>
      step("lint", process.execPath, [
        "--max-old-space-size=8192",
        path.join(root, "node_modules", "eslint", "bin", "eslint.js"),
        ".",
        "--max-warnings",
        "0",
      ]),
  ],
  ["dependency rules", () => step("dependency rules", bin("depcruise"), ["packages", "apps"])],
  ["format", () => step("format", bin("prettier"), ["--check", ".", "--log-level", "warn"])],
  // The deployment files (docs/operations.md, "Deploy with Docker", "Deploy on Kubernetes"): seconds.
  ["dockerfile lint", () => step("dockerfile lint", process.execPath, ["scripts/deploy/dockerfile-lint.mjs"])],
  ["helm chart", () => step("helm chart", process.execPath, ["scripts/deploy/chart-check.mjs"])],
  ["build", () => step("build", bin("turbo"), ["run", "build", "--output-logs=errors-only"])],
  // Two files at a time, then the files that time something against the clock, alone.
  ["vitest integration", () => vitest(["integration", "integration-serial"])],
  // The end-to-end suites share DATABASE_URL (each start-up mints the demo key): one after the other.
  ["vitest e2e", () => vitest(["e2e", "e2e-serial"])],
  ["browser", () => browser()],
];
let ok = true;
const notRun = [];
for (const [name, run] of steps) {
  if (!ok) notRun.push(name);
  else ok = await run();
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${seconds(started)}`);
if (failedSteps.length) console.log(`[test] failed: ${failedSteps.join(", ")}`);
if (notRun.length) console.log(`[test] not run after the failure: ${notRun.join(", ")}`);
if (skippedFiles.size) {
  const missing = [!process.env.DATABASE_URL && "DATABASE_URL (a PostgreSQL server)", !process.env.REDIS_URL && "REDIS_URL"].filter(
    Boolean,
  );
  console.log(`[test] skipped here:`);
  for (const [file, count] of skippedFiles) console.log(`  ${file}: ${count}`);
  if (missing.length) {
    console.log(
      `[test] these need ${missing.join(" and ")}; with a local PostgreSQL and Redis (\`.ci/run\` starts both):\n` +
        `  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/prizepacks_test REDIS_URL=redis://127.0.0.1:6379 npm test\n` +
        `  (the database must exist: createdb -h 127.0.0.1 -U postgres prizepacks_test; one file: the same variables before npx vitest run <file>)`,
    );
  }
}
process.exit(ok && totals.failed === 0 ? 0 : 1);
