#!/usr/bin/env node
// Writes src/openapi/description.ts from src/openapi/description.md: the document's Markdown as
// a module, which Next's bundler, esbuild, tsx and Vitest all load alike (a file read at run time
// would need each of them to ship it). openapi.test.ts fails when the two differ.
//   node packages/api/scripts/write-openapi-description.mjs
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const folder = path.join(import.meta.dirname, "..", "src", "openapi");
export const descriptionModule = (markdown) =>
  [
    "// Generated from description.md by packages/api/scripts/write-openapi-description.mjs: edit the .md, then run it.",
    "",
    "/** The document's description, its {{placeholders}} filled by describeDocument. */",
    `export const descriptionTemplate = \`${markdown.replace(/\n$/, "").replace(/[\\`]|\$\{/g, (match) => `\\${match}`)}\`;`,
    "",
  ].join("\n");

if (process.argv[1] === import.meta.filename) {
  writeFileSync(path.join(folder, "description.ts"), descriptionModule(readFileSync(path.join(folder, "description.md"), "utf8")));
}
