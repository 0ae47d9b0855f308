#!/usr/bin/env node
// npm run admin: the admin CLI as built (apps/admin-cli/dist/cli.js), rebuilt first when it is
// missing or older than the sources (about a second), so an operator never runs a stale copy
// and a fresh clone needs no separate build step.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";
import { inputsFingerprint, isBuildCurrent, root } from "./build-inputs.mjs";

const outDir = path.join(root, "apps", "admin-cli", "dist");
const cli = path.join(outDir, "cli.js");

if (!isBuildCurrent(outDir, inputsFingerprint(), [cli])) {
  // Quiet unless it fails: stdout is the command's one JSON object, stderr its one error. The
  // Prisma client first (gitignored, so absent from a fresh clone; the schema may have changed):
  // the bundle imports it.
  for (const args of [
    ["run", "--silent", "db:generate"],
    ["run", "--silent", "build", "--workspace", "@prizepacks/admin-cli"],
  ]) {
    const built = spawnSync("npm", args, { cwd: root, encoding: "utf8" });
    if (built.status !== 0) {
      process.stderr.write(`${built.stdout}${built.stderr}`);
      process.stderr.write(`${JSON.stringify({ error: `Building the admin CLI failed (npm ${args.join(" ")}).` })}\n`);
      process.exit(1);
    }
  }
}
process.setSourceMapsEnabled(true);
// The CLI reads process.argv.slice(2): the same arguments as this script's.
await import(pathToFileURL(cli).href);
