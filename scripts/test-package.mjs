#!/usr/bin/env node
// The inner loop for one package: `npm run test:pkg -- core [vitest args]` typechecks it and runs
// its unit and integration tests (not the build, e2e or browser suites: npm test runs those).
// Its databases are copies of one migrated template (PostgreSQL when DATABASE_URL is set, an
// embedded PGlite otherwise), so the first run builds that template and later runs start at once.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const [name, ...vitestArgs] = process.argv.slice(2);
const dir =
  name && ["packages", "apps"].map((parent) => path.join(parent, name)).find((candidate) => existsSync(path.join(root, candidate)));
if (!dir) {
  console.error("usage: npm run test:pkg -- <package> [vitest arguments]   (a folder of packages/ or apps/: core, api, db, web, ...)");
  process.exit(2);
}

// The typecheck's output waits until the tests have printed theirs.
const typecheck = new Promise((resolve) => {
  const child = spawn(bin("tsc"), ["--noEmit", "-p", dir], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  child.on("close", (code) => resolve({ ok: code === 0, output }));
});
const projects = ["unit", "integration", "integration-serial"].flatMap((project) => ["--project", project]);
// A file filter given (`npm run test:pkg -- core wallet.db`) replaces the package folder as the filter: Vitest runs files matching any.
const filters = vitestArgs.some((arg) => !arg.startsWith("-")) ? [] : [`${dir}/`];
const tests = await new Promise((resolve) => {
  const child = spawn(bin("vitest"), ["run", ...projects, ...filters, ...vitestArgs], { cwd: root, stdio: "inherit" });
  child.on("close", (code) => resolve(code === 0));
});
const checked = await typecheck;
if (checked.output.trim()) console.log(checked.output.trimEnd());
console.log(`[test:pkg] ${dir}: tests ${tests ? "ok" : "FAILED"}, typecheck ${checked.ok ? "ok" : "FAILED"}`);
process.exit(tests && checked.ok ? 0 : 1);
