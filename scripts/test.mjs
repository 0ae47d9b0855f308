#!/usr/bin/env node
// npm test: a Chromium for the browser tests (found, or installed: scripts/browser.mjs), then
// generate and the unit tests; the checks (typecheck, lint, format) and the build side by side with
// the integration tests; the integration tests that must run alone; end to end over HTTP and in the browser.
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

/**
 * Runs one step. `live`: its output goes straight to the terminal; otherwise (a step running
 * beside another) it is kept and printed in one piece when the step ends, so two steps' lines
 * never interleave.
 */
function step(label, command, args, { live = true } = {}) {
  console.log(`\n[test] ${label}${live ? "" : " (started; its output follows when it ends)"}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env: process.env });
    let output = "";
    if (!live) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("close", (code) => {
      const ok = code === 0;
      if (!live) console.log(`\n[test] ${label}: output\n${output.trimEnd()}`);
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
async function vitest(projects, options) {
  const [project] = projects;
  const outputFile = path.join(resultsDir, `${project}.json`);
  rmSync(outputFile, { force: true });
  const ok = await step(
    `vitest ${project}`,
    bin("vitest"),
    ["run", ...projects.flatMap((name) => ["--project", name]), "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`],
    options,
  );
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

/** Runs the steps one after another, stopping at the first that fails. */
async function inOrder(steps) {
  for (const run of steps) if (!(await run())) return false;
  return true;
}

const quiet = { live: false };
const started = Date.now();
let ok = await inOrder([
  () => step("prisma generate", "npm", ["run", "--silent", "db:generate"]),
  // Alone: the unit tests keep Vitest's 5 s timeout, which a busy core would not.
  () => vitest(["unit"]),
]);
// Two lines side by side: the checks and the build keep the CPU busy while the integration
// tests, two files at a time with a minute's timeout each, mostly wait on PostgreSQL and Redis.
ok &&= (
  await Promise.all([
    inOrder([
      () => step("typecheck", bin("turbo"), ["run", "typecheck", "--output-logs=errors-only"], quiet),
      // scripts/ (the bench, start-up) and the root configs belong to no workspace: the root tsconfig.
      () => step("typecheck scripts", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], quiet),
      () => step("lint", bin("eslint"), [".", "--max-warnings", "0"], quiet),
      () => step("dependency rules", bin("depcruise"), ["packages", "apps"], quiet),
      () => step("format", bin("prettier"), ["--check", ".", "--log-level", "warn"], quiet),
      () => step("build", bin("turbo"), ["run", "build", "--output-logs=errors-only"], quiet),
    ]),
    vitest(["integration"], quiet),
  ])
).every(Boolean);
// The files that time something against the clock, alone on a quiet machine; then the
// end-to-end suites, which share DATABASE_URL (each start-up mints the demo key): one after the other.
ok &&= await inOrder([() => vitest(["integration-serial"]), () => vitest(["e2e", "e2e-serial"]), () => browser()]);

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${seconds(started)}`);
if (failedSteps.length) console.log(`[test] failed: ${failedSteps.join(", ")}`);
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
