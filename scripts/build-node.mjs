#!/usr/bin/env node
// Bundles a Node entry point and the workspace packages it imports into one ESM file for
// Node 20, so production runs plain `node` instead of the tsx loader:
//   node scripts/build-node.mjs --outdir <dir> <entry.ts>...
// Every npm package stays external, loaded from node_modules as installed: Next.js, Prisma's
// runtime and its WASM, PGlite's WASM and data files, pino's worker threads and prom-client's
// process-wide registry all depend on being the installed copy at its own path.
import { renameSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";
import { inputsFingerprint, recordBuild, root } from "./build-inputs.mjs";

const { values, positionals } = parseArgs({ options: { outdir: { type: "string" } }, allowPositionals: true });
if (!values.outdir || positionals.length === 0) {
  console.error("usage: node scripts/build-node.mjs --outdir <dir> <entry.ts>...");
  process.exit(2);
}
const outdir = path.resolve(values.outdir);
const rootModules = path.join(root, "node_modules") + path.sep;

/**
 * Workspace packages (@prizepacks/*, TypeScript sources) are bundled; npm packages are left as
 * imports. One found in the root node_modules keeps its bare name. One a workspace installed
 * for itself (packages/db/node_modules/@electric-sql/pglite, another version than the root's)
 * would not be found from the bundle's folder under that name, so it is imported by its path.
 */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@prizepacks/") || args.path.startsWith("node:") || args.pluginData === "resolving") return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
      if (resolved.errors.length > 0 || !resolved.path || resolved.path.startsWith(rootModules) || !path.isAbsolute(resolved.path)) {
        return { path: args.path, external: true };
      }
      let relative = path.relative(outdir, resolved.path).split(path.sep).join("/");
      if (!relative.startsWith(".")) relative = `./${relative}`;
      return { path: relative, external: true };
    });
  },
};

const fingerprint = inputsFingerprint();
const result = await esbuild.build({
  // Each entry named by its file: dist/server.js, dist/prepare.js, wherever the source lives.
  entryPoints: Object.fromEntries(positionals.map((entry) => [path.parse(entry).name, entry])),
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: "linked",
  // A stack trace names the source file and line under node --enable-source-maps (the start script
  // sets it for the start-up step; the server, NODE_OPTIONS=--enable-source-maps, see start.mjs).
  sourcesContent: false,
  logLevel: "warning",
  write: false,
  plugins: [externalNpmPackages],
});

// Each file replaced at once (written aside, then renamed): a process starting meanwhile, or
// two builds at the same time, never load half a file.
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const aside = `${file.path}.${process.pid}.tmp`;
  writeFileSync(aside, file.contents);
  renameSync(aside, file.path);
}
recordBuild(outdir, fingerprint);
