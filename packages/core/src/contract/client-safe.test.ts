import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// @prizepacks/core/contract is bundled for the browser: everything it reaches, through its relative
// imports, may import only these packages (the root of @prizepacks/db is types and enums only).
const ALLOWED = new Set(["zod", "@prizepacks/fairness", "@prizepacks/db"]);
const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?"([^"]+)"/gm;

function reachable(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, typeOnly, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (specifier!.startsWith(".")) visit(path.resolve(path.dirname(file), specifier!));
      else if (!typeOnly) packages.set(specifier!, path.relative(process.cwd(), file));
    }
  };
  visit(entry);
  return { files, packages };
}

describe("@prizepacks/core/contract", () => {
  it("imports nothing a browser cannot load", () => {
    const { files, packages } = reachable(path.resolve(import.meta.dirname, "index.ts"));
    expect(files.size).toBeGreaterThan(3);
    const refused = [...packages].filter(([specifier]) => !ALLOWED.has(specifier));
    expect(refused, "a Node module, the db client or another package reached from core/contract").toEqual([]);
  });
});
