// The fingerprint of what a build is made from: every source file of the workspaces, the
// Prisma schema and migrations, the lockfile and the build scripts, by content (not by git or
// mtimes, so a fresh clone, a checkout and a copied tree all agree). npm start and npm run admin
// compare it with the one stored next to the build and rebuild only when it differs.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const FINGERPRINT_FILE = "build-inputs.sha256";

// Built or installed, never written by hand: node_modules, build outputs, the Prisma client
// (generated from prisma/schema.prisma, which is hashed), local state. And tests, which no
// build contains: editing one after a build does not make the build stale.
const skippedFolders = new Set(["node_modules", ".next", "dist", ".turbo", "generated", "test-results", ".data", "tests", "browser-tests"]);
const isTest = (name) => /\.(test|spec)\.tsx?$/.test(name);
const folders = ["apps", "packages", "tooling", "prisma"];
const files = [
  "package.json",
  "package-lock.json",
  "turbo.json",
  "scripts/build-node.mjs",
  "scripts/build-inputs.mjs",
  "scripts/prepare.ts",
];

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) walk(path.join(dir, entry.name), found);
    } else if (entry.isFile() && !isTest(entry.name)) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}

/** `from`: the repository's root (another tree in tests). */
export function inputsFingerprint(from = root) {
  const found = [
    ...folders.flatMap((folder) => (existsSync(path.join(from, folder)) ? walk(path.join(from, folder), []) : [])),
    ...files.map((file) => path.join(from, file)),
  ];
  const hash = createHash("sha256");
  for (const file of found.sort()) {
    if (!existsSync(file)) continue;
    hash.update(`${path.relative(from, file)}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether the build in outDir was made from exactly these inputs and has all of `outputs`. */
export function isBuildCurrent(outDir, fingerprint, outputs = []) {
  try {
    return (
      readFileSync(path.join(outDir, FINGERPRINT_FILE), "utf8").trim() === fingerprint && outputs.every((output) => existsSync(output))
    );
  } catch {
    return false;
  }
}

export function recordBuild(outDir, fingerprint) {
  writeFileSync(path.join(outDir, FINGERPRINT_FILE), `${fingerprint}\n`);
}
